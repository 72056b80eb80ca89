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
