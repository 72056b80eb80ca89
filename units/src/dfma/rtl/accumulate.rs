//! Phases 5–7, accumulate: `|x·y ± z|` in sign-magnitude form. Model:
//! [`model::accumulate`](crate::dfma::model::accumulate).
//!
//! The product lives in the window's low part (bits `GUARD_W..=PROD_MSB`,
//! [`LOW_W`] = 109 bits); above it only the addend has bits. So
//! the full-width add splits into one 109-bit carry chain per candidate and
//! incrementers of the addend's 56-bit high part, computed for every carry-in
//! ahead of time (a carry-select adder):
//!
//! | case | low part | high part |
//! |---|---|---|
//! | same signs | `P + C` | `C_hi + carry` |
//! | opposite, `P ≥ C` | `P − C` | 0 |
//! | opposite, `P < C` | `C − P` | `C_hi − borrow` |
//!
//! `P − C` is negative exactly when the high part of `C` is not zero or the
//! low subtraction borrows, so the choice needs no full-width compare; and the
//! sum is exactly zero only as `P − C` with a zero high part and a zero low
//! difference. [`AccAddLo`] and [`AccAdd`] run the chains (phase 5, their
//! low and upper halves, boundary 5m between them): the low operand arrives
//! already inverted for a subtraction ([`AlignFine`](super::AlignFine)), and
//! the `+1` of the two's complement rides in an extra bit under both operands,
//! so each chain is a plain two-operand add. [`AccSelect`] (phase 6) forms
//! both candidates, `P ± C` and `C − P`, decides which is the sum's
//! (`c_bigger`, one LUT from registers), and ORs the normaliser's sentinel bit
//! ([`Sentinel`](super::normalise::Sentinel)) into both: each has its own
//! leading-zero count ([`LzcPair`](super::normalise::LzcPair)), so the counts
//! start from registers and only their small results wait for the choice
//! (measured: the choice fanning out to 165 bits ahead of one count was the
//! critical path). [`MagPick`] picks the magnitude itself in phase 7, from
//! boundary 6's two candidates.

use crate::dfma::rtl::{HIGH_W, LOW_W, PROD_W, SUM_W};

use rust_hdl::prelude::*;

/// A low-part result with its carry out (bit [`LOW_W`]).
pub const LOW_CARRY_W: usize = LOW_W + 1;
/// The low part with the carry-in bit under it and the carry out above it.
pub const LOW_EXT_W: usize = LOW_W + 2;

/// Window bits of the accumulate's first chain half (phase 5's first half).
pub const SPLIT_W: usize = 55;
/// Bits of the low part above [`SPLIT_W`] (the second chain half).
pub const UPPER_W: usize = LOW_W - SPLIT_W;
// The literal offsets below assume these values.
const _: () = assert!(SPLIT_W == 55 && UPPER_W == 54);

/// Phase 5, first half: the low halves of the carry chains (window bits
/// 0..=54) with their carries out, the addend's high part and it ± 1.
/// Boundary 5m, registered only by the deepest units, follows: each
/// 110-bit chain is then two chains of 55 bits, one per clock (measured at
/// depth 10: the whole chain made phase 5 6.83 ns on seed 1; when 5m is
/// a wire, the two halves joined through a LUT take 9.3–9.7 ns).
#[derive(LogicBlock, Default)]
pub struct AccAddLo {
    /// The product `sig_x · sig_y`.
    pub prod: Signal<In, Bits<PROD_W>>,
    /// The aligned addend.
    pub c_al: Signal<In, Bits<SUM_W>>,
    /// The addend's low part, inverted when `eff_sub`.
    pub c_sel: Signal<In, Bits<LOW_W>>,
    pub eff_sub: Signal<In, Bit>,
    /// `{P, eff_sub} + {C or ~C, eff_sub}` on window bits 0..=54: bits
    /// 1..=55 are `lo1`'s bits 0..=54, bit 56 the carry into bit 55.
    pub l1: Signal<Out, Bits<57>>,
    /// `C − P` on window bits 0..=54: bits 0..=54, and bit 55 the borrow.
    pub l2: Signal<Out, Bits<56>>,
    /// The operands' upper bits (window 55..=108): `P`, `C or ~C`, `C`.
    pub p_up: Signal<Out, Bits<UPPER_W>>,
    pub sel_up: Signal<Out, Bits<UPPER_W>>,
    pub c_up: Signal<Out, Bits<UPPER_W>>,
    /// The addend's high part, and it plus and minus one.
    pub c_hi: Signal<Out, Bits<HIGH_W>>,
    pub c_hi_p1: Signal<Out, Bits<HIGH_W>>,
    pub c_hi_m1: Signal<Out, Bits<HIGH_W>>,
    pub c_hi_zero: Signal<Out, Bit>,
    p_low: Signal<Local, Bits<LOW_W>>,
    c_low: Signal<Local, Bits<LOW_W>>,
    p_ext: Signal<Local, Bits<57>>,
    c_ext: Signal<Local, Bits<57>>,
}

impl Logic for AccAddLo {
    #[hdl_gen]
    fn update(&mut self) {
        // The product sits GUARD_W = 3 bits up in the window.
        self.p_low.next = bit_cast::<LOW_W, PROD_W>(self.prod.val()) << 3;
        self.c_low.next = self.c_al.val().get_bits::<LOW_W>(0);
        // {P, eff_sub} + {C or ~C, eff_sub}: the bit under the operands carries
        // the two's complement's +1 into bit 0.
        self.p_ext.next = (bit_cast::<57, SPLIT_W>(self.p_low.val().get_bits::<SPLIT_W>(0)) << 1)
            .replace_bit(0, self.eff_sub.val());
        self.c_ext.next = (bit_cast::<57, SPLIT_W>(self.c_sel.val().get_bits::<SPLIT_W>(0)) << 1)
            .replace_bit(0, self.eff_sub.val());
        self.l1.next = self.p_ext.val() + self.c_ext.val();
        self.l2.next = bit_cast::<56, SPLIT_W>(self.c_low.val().get_bits::<SPLIT_W>(0))
            - bit_cast::<56, SPLIT_W>(self.p_low.val().get_bits::<SPLIT_W>(0));
        self.p_up.next = self.p_low.val().get_bits::<UPPER_W>(55);
        self.sel_up.next = self.c_sel.val().get_bits::<UPPER_W>(55);
        self.c_up.next = self.c_low.val().get_bits::<UPPER_W>(55);
        self.c_hi.next = self.c_al.val().get_bits::<HIGH_W>(109);
        self.c_hi_p1.next = self.c_hi.val() + 1;
        self.c_hi_m1.next = self.c_hi.val() - 1;
        self.c_hi_zero.next = !self.c_hi.val().any();
    }
}

/// Phase 5, second half: the upper halves of both chains, each with the
/// first half's carry (borrow) in the bit under its operands, so that each
/// stays one plain two-operand chain.
#[derive(LogicBlock, Default)]
pub struct AccAdd {
    pub l1: Signal<In, Bits<57>>,
    pub l2: Signal<In, Bits<56>>,
    pub p_up: Signal<In, Bits<UPPER_W>>,
    pub sel_up: Signal<In, Bits<UPPER_W>>,
    pub c_up: Signal<In, Bits<UPPER_W>>,
    /// `P + C` (same signs) or `P − C` (opposite), low part and carry out.
    pub lo1: Signal<Out, Bits<LOW_CARRY_W>>,
    /// `C − P`, low part and borrow (bit 109 set: `C_lo < P`).
    pub lo2: Signal<Out, Bits<LOW_CARRY_W>>,
    /// `{P_up, c} + {sel_up, c}`: bits 1..=54 are `lo1`'s 55..=108, bit 55
    /// its carry out.
    h1: Signal<Local, Bits<56>>,
    /// `{C_up, 1} + {~P_up, !borrow}` (55-bit operands): bits 1..=54 are
    /// `lo2`'s 55..=108, bit 55 its borrow.
    h2: Signal<Local, Bits<56>>,
    carry: Signal<Local, Bit>,
    no_borrow: Signal<Local, Bit>,
    p_n: Signal<Local, Bits<56>>,
}

impl Logic for AccAdd {
    #[hdl_gen]
    fn update(&mut self) {
        self.carry.next = self.l1.val().get_bit(56);
        self.no_borrow.next = !self.l2.val().get_bit(55);
        self.h1.next = (bit_cast::<56, UPPER_W>(self.p_up.val()) << 1)
            .replace_bit(0, self.carry.val())
            + (bit_cast::<56, UPPER_W>(self.sel_up.val()) << 1).replace_bit(0, self.carry.val());
        // ~P_up over 55 bits (the zero extension inverted to a one).
        self.p_n.next = (!bit_cast::<56, UPPER_W>(self.p_up.val())) << 1;
        self.h2.next = (bit_cast::<56, UPPER_W>(self.c_up.val()) << 1).replace_bit(0, true)
            + self.p_n.val().replace_bit(0, self.no_borrow.val());
        self.lo1.next = (bit_cast::<LOW_CARRY_W, 55>(self.h1.val().get_bits::<55>(1)) << 55)
            | bit_cast::<LOW_CARRY_W, 55>(self.l1.val().get_bits::<55>(1));
        self.lo2.next = (bit_cast::<LOW_CARRY_W, 55>(self.h2.val().get_bits::<55>(1)) << 55)
            | bit_cast::<LOW_CARRY_W, 55>(self.l2.val().get_bits::<55>(0));
    }
}

/// Phase 6 (first half): the two candidate magnitudes, which one is the
/// sum's (`c_bigger`), and the sign of the sum.
#[derive(LogicBlock, Default)]
pub struct AccSelect {
    pub lo1: Signal<In, Bits<LOW_CARRY_W>>,
    pub lo2: Signal<In, Bits<LOW_CARRY_W>>,
    pub c_hi: Signal<In, Bits<HIGH_W>>,
    pub c_hi_p1: Signal<In, Bits<HIGH_W>>,
    pub c_hi_m1: Signal<In, Bits<HIGH_W>>,
    pub c_hi_zero: Signal<In, Bit>,
    pub eff_sub: Signal<In, Bit>,
    pub sign_p: Signal<In, Bit>,
    /// One-hot: the window bit that limits normalisation (or none).
    pub sentinel: Signal<In, Bits<SUM_W>>,
    /// `C > P` in a subtraction: `C − P` is the magnitude. One LUT from
    /// registers; it picks the leading-zero counts here and the magnitude
    /// in phase 7 ([`MagPick`]). (Measured: decided at the end of phase 5's
    /// 111-bit chain, its register pulled far from the chain by the 165-bit
    /// select it drove, it took 7.7–8.0 ns, phase 5's slowest path.)
    pub c_bigger: Signal<Out, Bit>,
    /// The two candidates, from registers only: `P ± C` …
    pub cand_p: Signal<Out, Bits<SUM_W>>,
    /// … and `C − P`.
    pub cand_c: Signal<Out, Bits<SUM_W>>,
    /// Each candidate magnitude ORed with the sentinel, for the two
    /// leading-zero counts that run beside the choice: `P ± C` …
    pub lzc_p: Signal<Out, Bits<SUM_W>>,
    /// … and `C − P`.
    pub lzc_c: Signal<Out, Bits<SUM_W>>,
    /// Sign of the sum: the product's, or the addend's when it is the larger.
    pub sign_r: Signal<Out, Bit>,
    /// The sum cancelled exactly.
    pub zero: Signal<Out, Bit>,
    carry1: Signal<Local, Bit>,
    borrow2: Signal<Local, Bit>,
    /// High part of `P ± C` (0 for `P − C`) and of `C − P`.
    hi_p: Signal<Local, Bits<HIGH_W>>,
    hi_c: Signal<Local, Bits<HIGH_W>>,
}

impl Logic for AccSelect {
    #[hdl_gen]
    fn update(&mut self) {
        self.carry1.next = self.lo1.val().get_bit(109);
        self.borrow2.next = self.lo2.val().get_bit(109);
        self.hi_p.next = self.c_hi.val();
        if self.carry1.val() {
            self.hi_p.next = self.c_hi_p1.val();
        }
        if self.eff_sub.val() {
            self.hi_p.next = 0.into();
        }
        self.hi_c.next = self.c_hi.val();
        if self.borrow2.val() {
            self.hi_c.next = self.c_hi_m1.val();
        }
        self.cand_p.next = (bit_cast::<SUM_W, HIGH_W>(self.hi_p.val()) << 109)
            | bit_cast::<SUM_W, LOW_W>(self.lo1.val().get_bits::<LOW_W>(0));
        self.cand_c.next = (bit_cast::<SUM_W, HIGH_W>(self.hi_c.val()) << 109)
            | bit_cast::<SUM_W, LOW_W>(self.lo2.val().get_bits::<LOW_W>(0));
        // P − C < 0 unless C's high part is zero and the low part does not borrow.
        self.c_bigger.next = self.eff_sub.val() & !(self.carry1.val() & self.c_hi_zero.val());
        self.lzc_p.next = self.cand_p.val() | self.sentinel.val();
        self.lzc_c.next = self.cand_c.val() | self.sentinel.val();
        self.sign_r.next = self.sign_p.val() ^ self.c_bigger.val();
        self.zero.next = self.eff_sub.val()
            & self.carry1.val()
            & self.c_hi_zero.val()
            & !self.lo1.val().get_bits::<LOW_W>(0).any();
    }
}

/// Phase 7 (beside the leading-zero merge): the sum's magnitude.
#[derive(LogicBlock, Default)]
pub struct MagPick {
    pub cand_p: Signal<In, Bits<SUM_W>>,
    pub cand_c: Signal<In, Bits<SUM_W>>,
    pub c_bigger: Signal<In, Bit>,
    /// `|P ± C|`.
    pub mag: Signal<Out, Bits<SUM_W>>,
}

impl Logic for MagPick {
    #[hdl_gen]
    fn update(&mut self) {
        self.mag.next = self.cand_p.val();
        if self.c_bigger.val() {
            self.mag.next = self.cand_c.val();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dfma::model::Wide;
    use crate::dfma::rtl::testing::{bits_to_wide, wide_to_bits};
    use crate::dfma::rtl::GUARD_W;
    use crate::unit::{to_bits, xorshift};

    /// The magnitude, sign and zero flag of `P ± C`.
    fn accumulate(prod: u128, c: Wide, eff_sub: bool, sign_p: bool) -> (Wide, bool, bool) {
        let mut add_lo = AccAddLo::default();
        let mut add = AccAdd::default();
        let mut select = AccSelect::default();
        let mut pick = MagPick::default();
        add_lo.connect_all();
        add.connect_all();
        select.connect_all();
        pick.connect_all();
        let low = c.lo & ((1 << 109) - 1);
        add_lo.prod.next = to_bits(prod);
        add_lo.c_al.next = wide_to_bits(c);
        add_lo.c_sel.next = to_bits(if eff_sub { !low } else { low });
        add_lo.eff_sub.next = eff_sub;
        assert!(simulate(&mut add_lo, 100));
        add.l1.next = add_lo.l1.val();
        add.l2.next = add_lo.l2.val();
        add.p_up.next = add_lo.p_up.val();
        add.sel_up.next = add_lo.sel_up.val();
        add.c_up.next = add_lo.c_up.val();
        assert!(simulate(&mut add, 100));
        select.lo1.next = add.lo1.val();
        select.lo2.next = add.lo2.val();
        select.c_hi.next = add_lo.c_hi.val();
        select.c_hi_p1.next = add_lo.c_hi_p1.val();
        select.c_hi_m1.next = add_lo.c_hi_m1.val();
        select.c_hi_zero.next = add_lo.c_hi_zero.val();
        select.eff_sub.next = eff_sub;
        select.sign_p.next = sign_p;
        select.sentinel.next = to_bits(0);
        assert!(simulate(&mut select, 100));
        pick.cand_p.next = select.cand_p.val();
        pick.cand_c.next = select.cand_c.val();
        pick.c_bigger.next = select.c_bigger.val();
        assert!(simulate(&mut pick, 100));
        let counted = if select.c_bigger.val() {
            select.lzc_c.val()
        } else {
            select.lzc_p.val()
        };
        assert_eq!(pick.mag.val(), counted);
        (
            bits_to_wide(pick.mag.val()),
            select.sign_r.val(),
            select.zero.val(),
        )
    }

    #[test]
    fn magnitude_and_sign_of_the_sum() {
        let mut state = 99u64;
        for k in 0..2000 {
            let r = |s: &mut u64| xorshift(s);
            let prod = ((r(&mut state) as u128) << 64 | r(&mut state) as u128) >> (22 + k % 40);
            // Addends across the window: above, overlapping, below the product.
            let c = Wide {
                hi: r(&mut state) & ((1 << 36) - 1),
                lo: (r(&mut state) as u128) << 64 | r(&mut state) as u128,
            }
            .shift_right((k % 170) as u32);
            // Addends equal to the product or next to it: `P − C` then
            // cancels, or borrows only from low down.
            let p = Wide::from_u128(prod << GUARD_W);
            let near = Wide::from_u128(1 << (k % 109));
            let c = match k % 7 {
                0 => p,
                1 => p.wrapping_add(near),
                2 if p >= near => p.wrapping_sub(near),
                _ => c,
            };
            for (eff_sub, sign_p) in [(false, false), (false, true), (true, false), (true, true)] {
                let (want, want_sign) = if !eff_sub {
                    (p.wrapping_add(c), sign_p)
                } else if p >= c {
                    (p.wrapping_sub(c), sign_p)
                } else {
                    (c.wrapping_sub(p), !sign_p)
                };
                let (mag, sign, zero) = accumulate(prod, c, eff_sub, sign_p);
                assert_eq!(mag, want, "prod {prod:x} c {c:?} sub {eff_sub}");
                assert_eq!(zero, want.is_zero(), "prod {prod:x} c {c:?} sub {eff_sub}");
                if !want.is_zero() {
                    assert_eq!(sign, want_sign, "prod {prod:x} c {c:?} sub {eff_sub}");
                }
            }
        }
    }
}
