//! A register that synthesis keeps apart from its twins ([`KeptReg`]).
//!
//! yosys merges flip-flops whose inputs and enables are the same
//! (`opt_merge`), whatever the source says: two copies of a value written
//! so that one drives a wide datapath and the other a short loop end up as
//! one flip-flop with both fan-outs. Neither a `(* keep *)` on the `reg`
//! nor an inverted copy helps when the twin already exists in both
//! polarities; a primitive instance does: under the macro `ECP5` (which
//! `fpga/synth_ecp5.ys` defines) each bit is a `TRELLIS_FF` of its own,
//! which `opt_merge` leaves alone. Simulators, the lint, the formal proofs
//! and other targets read the behavioural form: one `reg` with an enable,
//! 0 at power-up (the primitive's `REGSET = "RESET"`, global reset off).

use rust_hdl::prelude::*;

/// `q` takes `d` on the rising edge when `en`; `N` flip-flops that
/// synthesis for ECP5 does not merge with any other when built with
/// `kept` (else a plain register, which it may merge).
#[derive(LogicBlock)]
pub struct KeptReg<const N: usize> {
    pub clock: Signal<In, Clock>,
    pub d: Signal<In, Bits<N>>,
    pub en: Signal<In, Bit>,
    pub q: Signal<Out, Bits<N>>,
    held: Signal<Local, Bits<N>>,
    kept: Constant<Bit>,
}

impl<const N: usize> Default for KeptReg<N> {
    fn default() -> Self {
        Self::new(true)
    }
}

impl<const N: usize> KeptReg<N> {
    /// Primitive flip-flops under `ECP5` when `kept`.
    pub fn new(kept: bool) -> Self {
        Self {
            clock: Default::default(),
            d: Default::default(),
            en: Default::default(),
            q: Default::default(),
            held: Default::default(),
            kept: Constant::new(kept),
        }
    }
}

/// The block's Verilog body: `N` `TRELLIS_FF` under `ECP5` when `kept`,
/// else a `reg`.
pub fn kept_verilog(n: usize, kept: bool) -> String {
    let top = n - 1;
    let behavioural = format!(
        "reg [{top}:0] held = {n}'h0;\n\
always @(posedge clock) if (en) held <= d;\n\
assign q = held;\n"
    );
    if !kept {
        return behavioural;
    }
    format!(
        "`ifdef ECP5\n\
genvar i;\n\
generate for (i = 0; i < {n}; i = i + 1) begin : bit_ff\n    \
TRELLIS_FF #(.GSR(\"DISABLED\"), .CEMUX(\"CE\"), .CLKMUX(\"CLK\"), .LSRMUX(\"LSR\"), \
.REGSET(\"RESET\"), .SRMODE(\"LSR_OVER_CE\")) ff (.CLK(clock), .LSR(1'b0), .CE(en), .DI(d[i]), .Q(q[i]));\n\
end endgenerate\n\
`else\n\
{behavioural}`endif\n"
    )
}

impl<const N: usize> Logic for KeptReg<N> {
    fn update(&mut self) {
        if self.clock.pos_edge() && self.en.val() {
            self.held.next = self.d.val();
        }
        self.q.next = self.held.val();
    }

    fn connect(&mut self) {
        self.q.connect();
        self.held.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Wrapper(Wrapper {
            code: kept_verilog(N, self.kept.val()),
            cores: String::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(r: &mut KeptReg<4>) {
        r.clock.next = Clock { clk: true };
        assert!(simulate(r, 100));
        r.clock.next = Clock { clk: false };
        assert!(simulate(r, 100));
    }

    #[test]
    fn holds_without_its_enable_and_loads_with_it() {
        let mut r = KeptReg::<4>::default();
        r.connect_all();
        r.d.next = 0b1010.into();
        r.en.next = false;
        edge(&mut r);
        assert_eq!(r.q.val().to_u64(), 0, "power-up value, not loaded");
        r.en.next = true;
        edge(&mut r);
        assert_eq!(r.q.val().to_u64(), 0b1010);
        r.d.next = 0b0101.into();
        r.en.next = false;
        edge(&mut r);
        assert_eq!(r.q.val().to_u64(), 0b1010, "held");
    }

    #[test]
    fn ecp5_reads_one_primitive_per_bit() {
        assert!(!kept_verilog(4, false).contains("TRELLIS_FF"));
        let v = kept_verilog(4, true);
        assert!(v.contains("`ifdef ECP5\ngenvar i;"));
        assert!(v.contains("i < 4;") && v.contains(".CE(en), .DI(d[i]), .Q(q[i])"));
        assert!(v.contains("reg [3:0] held = 4'h0;"));
    }
}
