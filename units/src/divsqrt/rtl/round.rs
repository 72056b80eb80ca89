//! Rounding, in four phases: the increment decision of the five modes
//! ([`RoundUp`], mirroring
//! [`Rm::round_up`](crate::divsqrt::model::Rm::round_up)) and the integer
//! negation ([`Decide`]); increment and pack in one carry chain
//! (`(E − 1) << (p − 1) + kept + up`, so that a carry out of the
//! significand, subnormal or not, bumps the exponent: [`Pack`]); overflow
//! to ∞ or the largest finite value, FTZ, the flags, and the answers of the
//! forced paths and of the integer forms ([`Specials`]), and the pick
//! between those and the packed result ([`Final`], whose outputs are the
//! unit's answer). Mirrors
//! [`model::round_pack`](crate::divsqrt::model::round_pack).

use super::{
    Aligned, Decided, Meta, Ordered, Packed, Rest, Special, BEFF_W, EOFF, EXP_W, FLAGS_W, NORM_W,
    RM_W,
};
use rust_hdl::prelude::*;

const _: () = assert!(EOFF == 8192 && EXP_W == 14);

/// Whether a magnitude is incremented (combinational).
#[derive(LogicBlock, Default)]
pub struct RoundUp {
    /// 0 RNE, 1 RTZ, 2 RDN, 3 RUP, 4 RMM.
    pub rm: Signal<In, Bits<RM_W>>,
    pub sign: Signal<In, Bit>,
    /// The kept LSB, the first dropped bit, the OR of the rest.
    pub lsb: Signal<In, Bit>,
    pub round: Signal<In, Bit>,
    pub sticky: Signal<In, Bit>,
    pub up: Signal<Out, Bit>,
}

impl Logic for RoundUp {
    #[hdl_gen]
    fn update(&mut self) {
        self.up.next = self.round.val() & (self.sticky.val() | self.lsb.val());
        if self.rm.val() == 1 {
            self.up.next = false;
        }
        if self.rm.val() == 2 {
            self.up.next = self.sign.val() & (self.round.val() | self.sticky.val());
        }
        if self.rm.val() == 3 {
            self.up.next = (!self.sign.val()) & (self.round.val() | self.sticky.val());
        }
        if self.rm.val() == 4 {
            self.up.next = self.round.val();
        }
    }
}

/// [`RoundUp`] from the rounding mode decoded with the result's sign
/// ([`Ordered`]'s `modes`, formed before the recurrence; the engine's
/// since 2026-12-04, when the mode's compares sat at the head of the
/// select and decide phases' paths).
#[derive(LogicBlock, Default)]
pub struct RoundUpDecoded {
    /// Bit 0: RNE; bit 1: RMM; bit 2: toward the result's sign's infinity
    /// (RDN of a negative, RUP of a positive result). RTZ: none.
    pub modes: Signal<In, Bits<3>>,
    /// The kept LSB, the first dropped bit, the OR of the rest.
    pub lsb: Signal<In, Bit>,
    pub round: Signal<In, Bit>,
    pub sticky: Signal<In, Bit>,
    pub up: Signal<Out, Bit>,
}

impl Logic for RoundUpDecoded {
    #[hdl_gen]
    fn update(&mut self) {
        self.up.next =
            (self.modes.val().get_bit(0) & self.round.val() & (self.sticky.val() | self.lsb.val()))
                | (self.modes.val().get_bit(1) & self.round.val())
                | (self.modes.val().get_bit(2) & (self.round.val() | self.sticky.val()));
    }
}

/// The decide phase (combinational): kept bits, round bit, sticky and
/// the increment; the integer answer's sign.
#[derive(LogicBlock, Default)]
pub struct Decide {
    pub meta: Signal<In, Meta>,
    /// [`RoundUp`]'s `modes` (from [`Ordered`]).
    pub modes: Signal<In, Bits<3>>,
    pub al: Signal<In, Aligned>,
    pub dec: Signal<Out, Decided>,
    x: Signal<Local, Bits<NORM_W>>,
    rbit: Signal<Local, Bit>,
    sticky: Signal<Local, Bit>,
    kept: Signal<Local, Bits<64>>,
    /// The increment with the sticky bit set, and clear: formed beside
    /// the sticky bit's OR, which picks.
    inc1: RoundUpDecoded,
    inc0: RoundUpDecoded,
}

impl Logic for Decide {
    #[hdl_gen]
    fn update(&mut self) {
        // A struct field copied to a local first: Icarus refuses `a[i+:n][j]`.
        self.x.next = self.al.val().x;
        // binary32: kept x[55:32], round x[31]; binary64: kept x[55:3], round x[2].
        self.kept.next = bit_cast::<64, 24>(self.x.val().get_bits::<24>(32));
        self.rbit.next = self.x.val().get_bit(31);
        self.sticky.next = self.al.val().sg.any() | self.al.val().sticky;
        if self.meta.val().fmt64 {
            self.kept.next = bit_cast::<64, 53>(self.x.val().get_bits::<53>(3));
            self.rbit.next = self.x.val().get_bit(2);
            self.sticky.next = self.x.val().get_bits::<2>(0).any() | self.al.val().sticky;
        }
        self.inc1.round.next = self.rbit.val();
        self.inc1.sticky.next = true;
        self.inc1.modes.next = self.modes.val();
        self.inc1.lsb.next = self.kept.val().get_bit(0);
        self.inc0.round.next = self.rbit.val();
        self.inc0.sticky.next = false;
        self.inc0.modes.next = self.modes.val();
        self.inc0.lsb.next = self.kept.val().get_bit(0);
        self.dec.next.kept = self.kept.val();
        self.dec.next.up = self.inc0.up.val();
        if self.sticky.val() {
            self.dec.next.up = self.inc1.up.val();
        }
        self.dec.next.inexact = self.rbit.val() | self.sticky.val();
        self.dec.next.tiny = self.al.val().tiny;
        self.dec.next.ires = self.al.val().ival;
        if self.al.val().ineg {
            self.dec.next.ires = (!self.al.val().ival) + 1;
        }
    }
}

/// The pack phase (combinational): `(E − 1) << (p − 1) + kept + up`.
#[derive(LogicBlock, Default)]
pub struct Pack {
    pub meta: Signal<In, Meta>,
    pub rest: Signal<In, Rest>,
    pub dec: Signal<In, Decided>,
    pub pk: Signal<Out, Packed>,
    beff: Signal<Local, Bits<64>>,
    kept: Signal<Local, Bits<64>>,
    /// The increment carries into the exponent field.
    carry: Signal<Local, Bit>,
}

impl Logic for Pack {
    #[hdl_gen]
    fn update(&mut self) {
        self.beff.next = bit_cast::<64, BEFF_W>(self.rest.val().beff);
        self.kept.next = self.dec.val().kept;
        // The exponent field is `E − 1 + kept[p − 1] + carry` for a normal
        // result (`kept[p − 1]` set; `E = emax − 1` reaches all ones only
        // with the carry, `E ≥ emax` is `huge`) and `carry` for a subnormal
        // one (`beff` 0, `kept[p − 1]` clear): the field's tests need no
        // add.
        self.carry.next = self.kept.val().get_bits::<23>(0).all() & self.dec.val().up;
        self.pk.next.sub = !(self.kept.val().get_bit(23) | self.carry.val());
        if self.meta.val().fmt64 {
            self.carry.next = self.kept.val().get_bits::<52>(0).all() & self.dec.val().up;
            self.pk.next.sub = !(self.kept.val().get_bit(52) | self.carry.val());
        }
        self.pk.next.ovf = self.rest.val().huge | (self.rest.val().at_top & self.carry.val());
        // The sum of non-negative terms is 0 only when every term is.
        self.pk.next.nz =
            self.rest.val().beff.any() | self.dec.val().kept.any() | self.dec.val().up;
        self.pk.next.pack = (self.beff.val() << 23)
            + self.dec.val().kept
            + bit_cast::<64, 1>(self.dec.val().up.into());
        if self.meta.val().fmt64 {
            self.pk.next.pack = (self.beff.val() << 52)
                + self.dec.val().kept
                + bit_cast::<64, 1>(self.dec.val().up.into());
        }
    }
}

/// The special phase (combinational): overflow, FTZ, the integer and
/// forced answers (a clock of its own since 2026-12-03: the exponent
/// field's tests and the result's multiplexer after them missed 6.67 ns
/// in one clock; since 2026-12-04 the pack phase forms those tests beside
/// its add, [`Packed`]'s `ovf` and `sub`). Its outputs ([`Special`]) let
/// the final phase pick with one LUT per bit: `alt | (take ? pack : 0)`.
#[derive(LogicBlock, Default)]
pub struct Specials {
    pub meta: Signal<In, Meta>,
    /// The signed zero and the overflow answer ([`Ordered`]'s `zero_res`,
    /// `ovf_res`, formed before the recurrence).
    pub o: Signal<In, Ordered>,
    pub dec: Signal<In, Decided>,
    pub pk: Signal<In, Packed>,
    pub sp: Signal<Out, Special>,
}

impl Logic for Specials {
    #[hdl_gen]
    fn update(&mut self) {
        self.sp.next.take = true;
        self.sp.next.alt = self.o.val().zero_res;
        self.sp.next.flags = bit_cast::<FLAGS_W, 1>(self.dec.val().inexact.into())
            | (bit_cast::<FLAGS_W, 1>((self.dec.val().tiny & self.dec.val().inexact).into()) << 1);
        if self.pk.val().ovf {
            self.sp.next.take = false;
            self.sp.next.flags = 0x05.into();
            self.sp.next.alt = self.o.val().ovf_res;
        }
        // FTZ: a subnormal result (zero is not one) becomes ±0 with UF|NX.
        if self.meta.val().ftz & self.pk.val().sub & self.pk.val().nz & !self.pk.val().ovf {
            self.sp.next.take = false;
            self.sp.next.alt = self.o.val().zero_res;
            self.sp.next.flags = 0x03.into();
        }
        if self.meta.val().is_int {
            self.sp.next.take = false;
            self.sp.next.alt = bit_cast::<64, 32>(self.dec.val().ires);
            self.sp.next.flags = 0.into();
        }
        if self.meta.val().forced {
            self.sp.next.take = false;
            self.sp.next.alt = self.meta.val().forced_res;
            self.sp.next.flags = self.meta.val().forced_flags;
        }
    }
}

/// The last phase (combinational): its outputs are the unit's answer.
#[derive(LogicBlock, Default)]
pub struct Final {
    pub pk: Signal<In, Packed>,
    pub sp: Signal<In, Special>,
    pub result: Signal<Out, Bits<64>>,
    pub flags: Signal<Out, Bits<FLAGS_W>>,
}

impl Logic for Final {
    #[hdl_gen]
    fn update(&mut self) {
        self.result.next = self.sp.val().alt;
        if self.sp.val().take {
            self.result.next = self.sp.val().alt | self.pk.val().pack;
        }
        self.flags.next = self.sp.val().flags;
    }
}
