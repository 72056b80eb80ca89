//! A multiplier tile ([`Tile`]) whose operands can be registered inside an
//! ECP5 `MULT18X18D` (`REG_INPUTA_CLK`, `REG_INPUTB_CLK`), and its Verilog:
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
.REG_PIPELINE_CLK(\"NONE\"), .REG_OUTPUT_CLK(\"NONE\"), .CLK0_DIV(\"ENABLED\"), .GSR(\"DISABLED\")) dsp (\n    \
{ports}\n    .SIGNEDA(1'b0), .SIGNEDB(1'b0), .SOURCEA(1'b0), .SOURCEB(1'b0),\n    \
.CLK0(clock), .CLK1(1'b0), .CLK2(1'b0), .CLK3(1'b0), .CE0(1'b1), .CE1(1'b1), .CE2(1'b1), .CE3(1'b1),\n    \
.RST0(1'b0), .RST1(1'b0), .RST2(1'b0), .RST3(1'b0));"
    )
}

/// The tile's Verilog body: the behavioural form (`registered` picks the
/// registered operands or the inputs themselves), and, when the tile is
/// registered, the primitive under `ECP5` instead.
pub fn tile_verilog(in_w: usize, out_w: usize, registered: bool) -> String {
    let top = in_w - 1;
    let behavioural = format!(
        "reg [{top}:0] a_q = {in_w}'h0;\nreg [{top}:0] b_q = {in_w}'h0;\n\
always @(posedge clock) begin\n    a_q <= a;\n    b_q <= b;\nend\n\
assign p = registered ? a_q * b_q : a * b;\n"
    );
    if registered {
        format!(
            "`ifdef ECP5\n{}\n`else\n{behavioural}`endif\n",
            registered_instance(in_w, out_w)
        )
    } else {
        behavioural
    }
}

/// `p = a · b`, unsigned, on one `MULT18X18D`: `W`-bit operands (≤ 18), a
/// `P`-bit product, `a` and `b` registered first (inside the block on
/// ECP5) when `registered`.
#[derive(LogicBlock)]
pub struct Tile<const W: usize, const P: usize> {
    pub clock: Signal<In, Clock>,
    pub a: Signal<In, Bits<W>>,
    pub b: Signal<In, Bits<W>>,
    pub p: Signal<Out, Bits<P>>,
    /// The operands the product is made of (registered or not).
    a_q: Signal<Local, Bits<W>>,
    b_q: Signal<Local, Bits<W>>,
    registered: Constant<Bit>,
}

impl<const W: usize, const P: usize> Default for Tile<W, P> {
    fn default() -> Self {
        Self::new(false)
    }
}

impl<const W: usize, const P: usize> Tile<W, P> {
    pub fn new(registered: bool) -> Self {
        assert!(W <= DSP_IN_W && P == 2 * W);
        Self {
            clock: Default::default(),
            a: Default::default(),
            b: Default::default(),
            p: Default::default(),
            a_q: Default::default(),
            b_q: Default::default(),
            registered: Constant::new(registered),
        }
    }
}

impl<const W: usize, const P: usize> Logic for Tile<W, P> {
    fn update(&mut self) {
        // Unregistered: the operands pass straight through; registered: they
        // are taken on the rising edge.
        if !self.registered.val() || self.clock.pos_edge() {
            self.a_q.next = self.a.val();
            self.b_q.next = self.b.val();
        }
        self.p.next = (self.a_q.val().to_u64() * self.b_q.val().to_u64()).into();
    }

    fn connect(&mut self) {
        self.p.connect();
        self.a_q.connect();
        self.b_q.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Wrapper(Wrapper {
            code: tile_verilog(W, P, self.registered.val()),
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
    fn unregistered_tiles_have_no_primitive() {
        assert!(!tile_verilog(18, 36, false).contains("MULT18X18D"));
        assert!(tile_verilog(16, 32, true).contains("`ifdef ECP5\nMULT18X18D"));
        assert!(tile_verilog(16, 32, false).contains("reg [15:0] a_q = 16'h0;"));
    }
}
