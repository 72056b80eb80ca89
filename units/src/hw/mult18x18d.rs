//! A multiplier tile ([`Tile`]) whose operands, and then its product, can be
//! registered inside an ECP5 `MULT18X18D` (`REG_INPUTA_CLK`,
//! `REG_INPUTB_CLK`, `REG_OUTPUT_CLK`), and its Verilog:
//! the DFMA's 16×16 tiles and the MUFU's 18×18 tiles. rust-hdl's `*` exists
//! only for 16×16, so the block's model computes the product in `u64` and
//! its Verilog is hand-written here.
//!
//! yosys infers a `MULT18X18D` from `*` but never packs registers into it,
//! so a registered tile instantiates the primitive itself under the macro
//! `ECP5` (which `fpga/synth_ecp5.ys` defines); simulators, the lint and
//! other targets read the behavioural form: two registers and `*`. An
//! unregistered tile reads the same behavioural form with its constant
//! `registered` at 0, which picks the plain product.

use rust_hdl::prelude::*;
use std::fmt::Write as _;

/// The widest operand of one `MULT18X18D`.
pub const DSP_IN_W: usize = 18;

/// The ECP5 primitive with its input registers on `clock`, for operands `a`
/// and `b` of `in_w` bits (the block's upper inputs tied to 0) and a product
/// `p` of `out_w` bits (the block's upper outputs left open).
pub fn registered_instance(in_w: usize, out_w: usize) -> String {
    instance(in_w, out_w, false)
}

/// [`registered_instance`], with the product registered too when
/// `out_registered` (`REG_OUTPUT_CLK` on `clock`).
fn instance(in_w: usize, out_w: usize, out_registered: bool) -> String {
    assert!(in_w <= DSP_IN_W && out_w <= 2 * DSP_IN_W);
    let mut ports = String::new();
    for i in 0..DSP_IN_W {
        let (a, b) = if i < in_w {
            (format!("a[{i}]"), format!("b[{i}]"))
        } else {
            ("1'b0".into(), "1'b0".into())
        };
        let _ = write!(ports, ".A{i}({a}), .B{i}({b}), .C{i}(1'b0), ");
    }
    for i in 0..2 * DSP_IN_W {
        let _ = if i < out_w {
            write!(ports, ".P{i}(p[{i}]), ")
        } else {
            write!(ports, ".P{i}(), ")
        };
    }
    format!(
        "MULT18X18D #(.REG_INPUTA_CLK(\"CLK0\"), .REG_INPUTB_CLK(\"CLK0\"), \
.REG_PIPELINE_CLK(\"NONE\"), .REG_OUTPUT_CLK(\"{out}\"), .CLK0_DIV(\"ENABLED\"), .GSR(\"DISABLED\")) dsp (\n    \
{ports}\n    .SIGNEDA(1'b0), .SIGNEDB(1'b0), .SOURCEA(1'b0), .SOURCEB(1'b0),\n    \
.CLK0(clock), .CLK1(1'b0), .CLK2(1'b0), .CLK3(1'b0), .CE0(1'b1), .CE1(1'b1), .CE2(1'b1), .CE3(1'b1),\n    \
.RST0(1'b0), .RST1(1'b0), .RST2(1'b0), .RST3(1'b0));",
        out = if out_registered { "CLK0" } else { "NONE" }
    )
}

/// The tile's Verilog body: the behavioural form (`registered` picks the
/// registered operands or the inputs themselves), and, when the tile is
/// registered, the primitive under `ECP5` instead.
pub fn tile_verilog(in_w: usize, out_w: usize, registered: bool) -> String {
    tile_verilog_with(in_w, out_w, registered, false)
}

/// [`tile_verilog`], with the product registered after the operands when
/// `out_registered` (the behavioural form's `p_q`, the primitive's output
/// register).
fn tile_verilog_with(in_w: usize, out_w: usize, registered: bool, out_registered: bool) -> String {
    let top = in_w - 1;
    let behavioural = if out_registered {
        let ptop = out_w - 1;
        format!(
            "reg [{top}:0] a_q = {in_w}'h0;\nreg [{top}:0] b_q = {in_w}'h0;\n\
reg [{ptop}:0] p_q = {out_w}'h0;\n\
always @(posedge clock) begin\n    a_q <= a;\n    b_q <= b;\n    p_q <= a_q * b_q;\nend\n\
assign p = p_q;\n"
        )
    } else {
        format!(
            "reg [{top}:0] a_q = {in_w}'h0;\nreg [{top}:0] b_q = {in_w}'h0;\n\
always @(posedge clock) begin\n    a_q <= a;\n    b_q <= b;\nend\n\
assign p = registered ? a_q * b_q : a * b;\n"
        )
    };
    if registered {
        format!(
            "`ifdef ECP5\n{}\n`else\n{behavioural}`endif\n",
            instance(in_w, out_w, out_registered)
        )
    } else {
        behavioural
    }
}

/// `p = a · b`, unsigned, on one `MULT18X18D`: `W`-bit operands (≤ 18), a
/// `P`-bit product, `a` and `b` registered first (inside the block on
/// ECP5) when `registered`, and the product registered after them when
/// `out_registered` (one clock more).
#[derive(LogicBlock)]
pub struct Tile<const W: usize, const P: usize> {
    pub clock: Signal<In, Clock>,
    pub a: Signal<In, Bits<W>>,
    pub b: Signal<In, Bits<W>>,
    pub p: Signal<Out, Bits<P>>,
    /// The operands the product is made of (registered or not).
    a_q: Signal<Local, Bits<W>>,
    b_q: Signal<Local, Bits<W>>,
    /// The registered product (when `out_registered`).
    p_q: Signal<Local, Bits<P>>,
    registered: Constant<Bit>,
    out_registered: Constant<Bit>,
}

impl<const W: usize, const P: usize> Default for Tile<W, P> {
    fn default() -> Self {
        Self::new(false)
    }
}

impl<const W: usize, const P: usize> Tile<W, P> {
    pub fn new(registered: bool) -> Self {
        Self::with(registered, false)
    }

    /// Operands registered when `registered`; the product too when
    /// `out_registered` (which needs `registered`).
    pub fn with(registered: bool, out_registered: bool) -> Self {
        assert!(W <= DSP_IN_W && P == 2 * W);
        assert!(
            registered || !out_registered,
            "the output register follows the input's"
        );
        Self {
            clock: Default::default(),
            a: Default::default(),
            b: Default::default(),
            p: Default::default(),
            a_q: Default::default(),
            b_q: Default::default(),
            p_q: Default::default(),
            registered: Constant::new(registered),
            out_registered: Constant::new(out_registered),
        }
    }
}

impl<const W: usize, const P: usize> Logic for Tile<W, P> {
    fn update(&mut self) {
        // Unregistered: the operands pass straight through; registered: they
        // are taken on the rising edge.
        let product: Bits<P> = (self.a_q.val().to_u64() * self.b_q.val().to_u64()).into();
        if self.out_registered.val() {
            if self.clock.pos_edge() {
                self.p_q.next = product;
            }
            self.p.next = self.p_q.val();
        } else {
            self.p.next = product;
        }
        if !self.registered.val() || self.clock.pos_edge() {
            self.a_q.next = self.a.val();
            self.b_q.next = self.b.val();
        }
    }

    fn connect(&mut self) {
        self.p.connect();
        self.a_q.connect();
        self.b_q.connect();
        self.p_q.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Wrapper(Wrapper {
            code: tile_verilog_with(W, P, self.registered.val(), self.out_registered.val()),
            cores: String::new(),
        })
    }
}

/// The check every registered tile's test makes (the DFMA's 16×16 and the
/// MUFU's 18×18): before the clock edge the product is 0; after it, the
/// product is `a · b` of the operands held at the edge, whatever the inputs
/// do next; and the Verilog is the `MULT18X18D` wrapper with its input
/// registers on and every product bit connected.
#[cfg(test)]
pub(crate) fn assert_registered_tile_multiplies<const W: usize, const P: usize>(a: u64, b: u64) {
    let mut tile = Tile::<W, P>::new(true);
    tile.connect_all();
    tile.a.next = a.into();
    tile.b.next = b.into();
    tile.clock.next = Clock { clk: false };
    assert!(simulate(&mut tile, 100));
    assert_eq!(tile.p.val().to_u64(), 0, "nothing registered yet");
    tile.clock.next = Clock { clk: true };
    assert!(simulate(&mut tile, 100));
    tile.a.next = 1.into();
    tile.clock.next = Clock { clk: false };
    assert!(simulate(&mut tile, 100));
    assert_eq!(tile.p.val().to_u64(), a * b);
    let Verilog::Wrapper(w) = tile.hdl() else {
        panic!("wrapper expected")
    };
    let top_bit = format!(".P{}(p[{}])", P - 1, P - 1);
    assert!(w.code.contains("REG_INPUTA_CLK(\"CLK0\")") && w.code.contains(&top_bit));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_beyond_the_operands_are_tied_and_open() {
        let v = registered_instance(16, 32);
        assert!(v.contains(".A15(a[15])") && v.contains(".A16(1'b0)"));
        assert!(v.contains(".P31(p[31])") && v.contains(".P32()"));
        let v = registered_instance(18, 36);
        assert!(v.contains(".B17(b[17])") && v.contains(".P35(p[35])"));
    }

    #[test]
    fn an_output_registered_tile_answers_one_clock_later() {
        let mut tile = Tile::<18, 36>::with(true, true);
        tile.connect_all();
        let edge = |tile: &mut Tile<18, 36>| {
            tile.clock.next = Clock { clk: true };
            assert!(simulate(tile, 100));
            tile.clock.next = Clock { clk: false };
            assert!(simulate(tile, 100));
        };
        tile.a.next = 0x3FFFF.into();
        tile.b.next = 0x20001.into();
        edge(&mut tile);
        assert_eq!(tile.p.val().to_u64(), 0, "operands held, product not yet");
        tile.a.next = 3.into();
        tile.b.next = 5.into();
        edge(&mut tile);
        assert_eq!(tile.p.val().to_u64(), 0x3FFFF * 0x20001);
        edge(&mut tile);
        assert_eq!(tile.p.val().to_u64(), 15);
        let Verilog::Wrapper(w) = tile.hdl() else {
            panic!("wrapper expected")
        };
        assert!(w.code.contains("REG_OUTPUT_CLK(\"CLK0\")"));
        assert!(w.code.contains("p_q <= a_q * b_q;"));
        assert!(tile_verilog(18, 36, true).contains("REG_OUTPUT_CLK(\"NONE\")"));
    }

    #[test]
    fn unregistered_tiles_have_no_primitive() {
        assert!(!tile_verilog(18, 36, false).contains("MULT18X18D"));
        assert!(tile_verilog(16, 32, true).contains("`ifdef ECP5\nMULT18X18D"));
        assert!(tile_verilog(16, 32, false).contains("reg [15:0] a_q = 16'h0;"));
    }
}
