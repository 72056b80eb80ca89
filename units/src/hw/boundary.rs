//! One pipeline boundary: a register or a wire, chosen when a unit is built.
//! The DFMA, the MUFU and the XMU place their registers with it, so that the
//! pipeline depth is a construction parameter and the math stays apart from
//! the register placement.

use rust_hdl::prelude::*;

/// One pipeline boundary: a register or a wire, fixed when the unit is built
/// (a Verilog `localparam`; synthesis removes the unused register).
#[derive(LogicBlock)]
pub struct Boundary<T: Synth> {
    pub clock: Signal<In, Clock>,
    /// What the phase before computed.
    pub d: Signal<In, T>,
    /// What the phase after sees: `d` registered, or `d` itself.
    pub q: Signal<Out, T>,
    held: DFF<T>,
    registered: Constant<Bit>,
}

impl<T: Synth> Boundary<T> {
    pub fn new(registered: bool) -> Self {
        Self {
            clock: Default::default(),
            d: Default::default(),
            q: Default::default(),
            held: Default::default(),
            registered: Constant::new(registered),
        }
    }

    /// Whether this boundary is a register.
    pub fn is_registered(&self) -> bool {
        self.registered.val()
    }
}

impl<T: Synth> Logic for Boundary<T> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, held);
        self.held.d.next = self.d.val();
        // One assignment per path: a glitch on `q` would loop in an
        // event-driven simulator (Icarus) through the top block.
        if self.registered.val() {
            self.q.next = self.held.q.val();
        } else {
            self.q.next = self.d.val();
        }
    }
}

/// Which of `N` phase boundaries are registers for a pipeline of `depth`
/// registers (1..=N): the last one always, the others splitting the phases
/// into `depth` consecutive groups whose largest estimated delay (the sum of
/// `delay_ns` over the group) is smallest, the earliest such split on ties.
/// The DFMA's and the XMU's depth plans.
pub fn balanced_plan<const N: usize>(delay_ns: &[f64; N], depth: usize) -> [bool; N] {
    assert!(
        (1..=N).contains(&depth),
        "depth must be 1..={N}, not {depth}"
    );
    let mut best: Option<(f64, u32)> = None;
    for mask in 0u32..(1 << (N - 1)) {
        if mask.count_ones() as usize != depth - 1 {
            continue;
        }
        let mut worst = 0.0f64;
        let mut group = 0.0;
        for (k, delay) in delay_ns.iter().enumerate() {
            group += delay;
            if k == N - 1 || mask >> k & 1 == 1 {
                worst = worst.max(group);
                group = 0.0;
            }
        }
        if best.is_none_or(|(w, _)| worst < w - 1e-9) {
            best = Some((worst, mask));
        }
    }
    let mask = best.expect("some split exists").1;
    std::array::from_fn(|k| k == N - 1 || mask >> k & 1 == 1)
}
