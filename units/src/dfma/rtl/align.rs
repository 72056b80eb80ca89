//! Phases 2–3, align: the addend placed in the sum window and shifted right by
//! the exponent difference, beside the multiplier. Model:
//! [`model::align_addend`](crate::dfma::model::align_addend).
//!
//! The model places the addend's significand (a subnormal's doubled) with
//! its LSB at window bit [`ADDEND_LSB`](super::ADDEND_LSB) (111) and shifts
//! it right by `align_dist` clamped to 0..=255: negative (the addend leads
//! the product by more than `ADDEND_LEAD` binades) shifts nothing; from
//! [`SUM_W`] up everything becomes sticky. The RTL places the
//! **raw** significand (never doubled: see [`Unpack`](super::Unpack)) one bit
//! higher, at 112, and shifts it by `z_shift = align_dist + 1 − sub_z`, or by
//! `1 − sub_z` when the addend leads: the same window, with no doubling
//! multiplexer behind a zero test. The shifter is logarithmic, one stage per
//! bit of the amount. Each stage ORs what it shifts out into a sticky bit,
//! which is finally jammed into the window's bit 0.
//!
//! The addend is not needed before phase 5, so the shifter spreads over
//! phases 2–4 beside the multiplier: [`AlignCoarse`] clamps and shifts by 128
//! and 64, [`AlignMid`] by 32 and 16, [`AlignMid8`] by 8, [`AlignFine`] by 4, 2 and 1, jams, and
//! prepares the low part for the accumulate's carry chain. The amount itself
//! is clamped in phase 1 ([`AlignAmount`]).

use crate::dfma::rtl::{EXP_CALC_W, LIMIT_W, LOW_W, SHIFT_W, SIG_W, SUM_W};
use rust_hdl::prelude::*;

/// Phase 1 (after [`Unpack`](super::Unpack)): the alignment's amount, the
/// shift clamped to 0..=255, or `1 − sub_z` when the addend leads
/// (measured: clamped in phase 2, in front of the shifter's multiplexers,
/// it made phase 2's slowest path at depth 15, 6.5–7.2 ns).
#[derive(LogicBlock, Default)]
pub struct AlignAmount {
    /// `align_dist < 0`: the addend leads ([`Unpack`](super::Unpack)).
    pub z_leads: Signal<In, Bit>,
    /// The shift from window bit 112 when the addend does not lead,
    /// `align_dist + 1 − sub_z`.
    pub z_shift: Signal<In, Bits<LIMIT_W>>,
    /// The addend is subnormal (or zero).
    pub sub_z: Signal<In, Bit>,
    /// The right shift of the addend from window bit 112.
    pub amount: Signal<Out, Bits<SHIFT_W>>,
    /// `!sub_z` (a named signal for `replace_bit`).
    lead_shift: Signal<Local, Bit>,
}

impl Logic for AlignAmount {
    #[hdl_gen]
    fn update(&mut self) {
        self.amount.next = self.z_shift.val().get_bits::<SHIFT_W>(0);
        if self.z_shift.val().get_bits::<4>(8).any() {
            self.amount.next = 255.into();
        }
        self.lead_shift.next = !self.sub_z.val();
        if self.z_leads.val() {
            self.amount.next = 0.into();
            self.amount.next = self.amount.val().replace_bit(0, self.lead_shift.val());
        }
    }
}

/// Phase 2: place, shift by 128 and 64.
#[derive(LogicBlock, Default)]
pub struct AlignCoarse {
    /// The addend's raw significand (0 for a zero addend).
    pub sig_z: Signal<In, Bits<SIG_W>>,
    /// `align_dist < 0`: the addend leads ([`Unpack`](super::Unpack)).
    pub z_leads: Signal<In, Bit>,
    /// [`AlignAmount`]'s shift.
    pub amount: Signal<In, Bits<SHIFT_W>>,
    /// `ex + ey − 967` and the addend's field (see [`Unpack`](super::Unpack)).
    pub s: Signal<In, Bits<EXP_CALC_W>>,
    pub fz: Signal<In, Bits<11>>,
    pub z_zero: Signal<In, Bit>,
    /// The significand has a one in bits 0..=15 / 16..=52 (from phase 1:
    /// measured, the OR trees here behind the register took 6.6 ns at
    /// depth 15, phase 2's slowest path).
    pub z_lo_any: Signal<In, Bit>,
    pub z_hi_any: Signal<In, Bit>,
    /// Most the normaliser may shift left, `top_exp − EMIN`: `s`, or `ez` when
    /// the addend leads (its LSB then sits at `ADDEND_LSB`, `top_exp = exp(z) + 1`).
    pub limit: Signal<Out, Bits<LIMIT_W>>,
    /// The addend shifted by `amount & 0xC0`.
    pub v: Signal<Out, Bits<SUM_W>>,
    /// OR of the bits shifted out so far.
    pub sticky: Signal<Out, Bit>,
    /// The amount's low six bits, for the next stages.
    pub amount_lo: Signal<Out, Bits<6>>,
    w: Signal<Local, Bits<SUM_W>>,
}

impl Logic for AlignCoarse {
    #[hdl_gen]
    fn update(&mut self) {
        // LSB at ADDEND_LSB + 1 = 112.
        self.w.next = bit_cast::<SUM_W, SIG_W>(self.sig_z.val()) << 112;
        if self.amount.val().get_bit(7) {
            self.w.next = self.w.val() >> 128;
        }
        if self.amount.val().get_bit(6) {
            self.w.next = self.w.val() >> 64;
        }
        self.v.next = self.w.val();
        // What the two stages shift out, read off the significand itself
        // rather than off the shifter's wires (measured: through the shifter
        // this took 8.0–8.2 ns, phase 2's slowest path). Bits 0..127
        // of the window hold `sig[15:0]`; after the shift by 128, bits 0..63
        // hold `sig[52:16]`; without it they are empty.
        self.sticky.next = self.amount.val().get_bit(7)
            & (self.z_lo_any.val() | (self.amount.val().get_bit(6) & self.z_hi_any.val()));
        self.amount_lo.next = self.amount.val().get_bits::<6>(0);
        self.limit.next = self.s.val().get_bits::<LIMIT_W>(0);
        if self.z_leads.val() & !self.z_zero.val() {
            self.limit.next = bit_cast::<LIMIT_W, 11>(self.fz.val());
        }
    }
}

/// Phase 3, first half: shift by 32 and 16.
///
/// The sticky bit is read off the input in one step: the two stages shift
/// out `16 · steps` bits (`steps = amount_lo >> 4`, 0..=3), that is the
/// 16-bit chunks `j < steps` of `v_in` (measured: ORed stage by stage
/// behind the shifter's multiplexers it took 8.35 ns on one seed, the
/// slowest path).
#[derive(LogicBlock, Default)]
pub struct AlignMid {
    pub v_in: Signal<In, Bits<SUM_W>>,
    pub sticky_in: Signal<In, Bit>,
    pub amount_lo: Signal<In, Bits<6>>,
    pub v: Signal<Out, Bits<SUM_W>>,
    pub sticky: Signal<Out, Bit>,
    /// The amount's low four bits, for [`AlignMid8`] and [`AlignFine`].
    pub amount_rest: Signal<Out, Bits<4>>,
    w: Signal<Local, Bits<SUM_W>>,
    steps: Signal<Local, Bits<2>>,
}

impl Logic for AlignMid {
    #[hdl_gen]
    fn update(&mut self) {
        self.w.next = self.v_in.val();
        if self.amount_lo.val().get_bit(5) {
            self.w.next = self.w.val() >> 32;
        }
        if self.amount_lo.val().get_bit(4) {
            self.w.next = self.w.val() >> 16;
        }
        self.v.next = self.w.val();
        self.steps.next = self.amount_lo.val().get_bits::<2>(4);
        self.sticky.next = self.sticky_in.val()
            | (self.v_in.val().get_bits::<16>(0).any() & (self.steps.val() > 0))
            | (self.v_in.val().get_bits::<16>(16).any() & (self.steps.val() > 1))
            | (self.v_in.val().get_bits::<16>(32).any() & (self.steps.val() > 2));
        self.amount_rest.next = self.amount_lo.val().get_bits::<4>(0);
    }
}

/// Phase 3, second half (after boundary 3m): shift by 8; the sticky bit
/// takes the byte it shifts out.
#[derive(LogicBlock, Default)]
pub struct AlignMid8 {
    pub v_in: Signal<In, Bits<SUM_W>>,
    pub sticky_in: Signal<In, Bit>,
    pub amount_rest: Signal<In, Bits<4>>,
    pub v: Signal<Out, Bits<SUM_W>>,
    pub sticky: Signal<Out, Bit>,
    /// The amount's low three bits.
    pub amount_fine: Signal<Out, Bits<3>>,
}

impl Logic for AlignMid8 {
    #[hdl_gen]
    fn update(&mut self) {
        self.v.next = self.v_in.val();
        if self.amount_rest.val().get_bit(3) {
            self.v.next = self.v_in.val() >> 8;
        }
        self.sticky.next = self.sticky_in.val()
            | (self.v_in.val().get_bits::<8>(0).any() & self.amount_rest.val().get_bit(3));
        self.amount_fine.next = self.amount_rest.val().get_bits::<3>(0);
    }
}

/// Phase 4: shift by 4, 2 and 1, jam the sticky bit, and invert the low part
/// for an effective subtraction (so that phase 5 starts with its carry chain).
#[derive(LogicBlock, Default)]
pub struct AlignFine {
    pub v: Signal<In, Bits<SUM_W>>,
    pub sticky: Signal<In, Bit>,
    pub amount_fine: Signal<In, Bits<3>>,
    pub eff_sub: Signal<In, Bit>,
    /// The aligned addend; bit 0 is ORed with every bit shifted out.
    pub c_al: Signal<Out, Bits<SUM_W>>,
    /// Its low part, inverted when `eff_sub`: the addend operand of `P ± C`.
    pub c_sel: Signal<Out, Bits<LOW_W>>,
    w: Signal<Local, Bits<SUM_W>>,
    st: Signal<Local, Bit>,
    low: Signal<Local, Bits<LOW_W>>,
}

impl Logic for AlignFine {
    #[hdl_gen]
    fn update(&mut self) {
        self.w.next = self.v.val();
        self.st.next = self.sticky.val();
        if self.amount_fine.val().get_bit(2) {
            self.st.next = self.st.val() | self.w.val().get_bits::<4>(0).any();
            self.w.next = self.w.val() >> 4;
        }
        if self.amount_fine.val().get_bit(1) {
            self.st.next = self.st.val() | self.w.val().get_bits::<2>(0).any();
            self.w.next = self.w.val() >> 2;
        }
        if self.amount_fine.val().get_bit(0) {
            self.st.next = self.st.val() | self.w.val().get_bit(0);
            self.w.next = self.w.val() >> 1;
        }
        self.c_al.next = self
            .w
            .val()
            .replace_bit(0, self.w.val().get_bit(0) | self.st.val());
        self.low.next = self.c_al.val().get_bits::<LOW_W>(0);
        self.c_sel.next = self.low.val();
        if self.eff_sub.val() {
            self.c_sel.next = !self.low.val();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dfma::model::Wide;
    use crate::dfma::rtl::testing::{bits_to_wide, signed_bits};
    use crate::dfma::rtl::ADDEND_LSB;
    use crate::unit::{to_bits, xorshift};

    /// The aligned addend and the accumulate's operand for `eff_sub`, from
    /// the raw significand `raw` (`sub`: of a subnormal, hidden bit 0) and
    /// the model's `align_dist`.
    fn aligned(raw: u64, sub: bool, align_dist: i32, eff_sub: bool) -> (Wide, Wide) {
        let mut amount = AlignAmount::default();
        let mut coarse = AlignCoarse::default();
        let mut mid = AlignMid::default();
        let mut mid8 = AlignMid8::default();
        let mut fine = AlignFine::default();
        amount.connect_all();
        coarse.connect_all();
        mid.connect_all();
        mid8.connect_all();
        fine.connect_all();
        coarse.sig_z.next = to_bits(raw as u128);
        amount.z_leads.next = align_dist < 0;
        // What Unpack computes; a don't-care (here wrapped) when the addend leads.
        amount.z_shift.next = to_bits(((align_dist + 1 - sub as i32) & 0xFFF) as u128);
        amount.sub_z.next = sub;
        assert!(simulate(&mut amount, 100));
        coarse.z_leads.next = align_dist < 0;
        coarse.amount.next = amount.amount.val();
        coarse.s.next = signed_bits(0);
        coarse.fz.next = to_bits(0);
        coarse.z_zero.next = false;
        coarse.z_lo_any.next = raw & 0xFFFF != 0;
        coarse.z_hi_any.next = raw >> 16 != 0;
        assert!(simulate(&mut coarse, 100));
        mid.v_in.next = coarse.v.val();
        mid.sticky_in.next = coarse.sticky.val();
        mid.amount_lo.next = coarse.amount_lo.val();
        assert!(simulate(&mut mid, 100));
        mid8.v_in.next = mid.v.val();
        mid8.sticky_in.next = mid.sticky.val();
        mid8.amount_rest.next = mid.amount_rest.val();
        assert!(simulate(&mut mid8, 100));
        fine.v.next = mid8.v.val();
        fine.sticky.next = mid8.sticky.val();
        fine.amount_fine.next = mid8.amount_fine.val();
        fine.eff_sub.next = eff_sub;
        assert!(simulate(&mut fine, 100));
        (
            bits_to_wide(fine.c_al.val()),
            Wide::from_u128(fine.c_sel.val().to_u128()),
        )
    }

    /// The model's window: the significand (a subnormal's doubled) at
    /// `ADDEND_LSB`, shifted right by the clamped `align_dist`, with jam.
    fn model_window(raw: u64, sub: bool, align_dist: i32) -> Wide {
        let sig = if sub { raw << 1 } else { raw };
        Wide::from_u128(sig as u128)
            .shift_left(ADDEND_LSB as u32)
            .shr_jam(align_dist.clamp(0, 255) as u32)
    }

    #[test]
    fn shifts_with_jam_like_the_model_window() {
        let mut state = 77u64;
        for (align_dist, sub) in (-40..=300).flat_map(|d| [(d, false), (d, true)]) {
            let width = if sub { 52 } else { 53 };
            let raw = (xorshift(&mut state) & ((1 << width) - 1)) >> (xorshift(&mut state) % 54);
            let expected = model_window(raw, sub, align_dist);
            let eff_sub = align_dist % 2 == 0;
            let (c_al, c_sel) = aligned(raw, sub, align_dist, eff_sub);
            assert_eq!(
                c_al, expected,
                "raw {raw:x} sub {sub} align_dist {align_dist}"
            );
            let low_mask = (1u128 << 109) - 1;
            let low = expected.lo & low_mask;
            let want_sel = if eff_sub { !low & low_mask } else { low };
            assert_eq!(
                c_sel,
                Wide::from_u128(want_sel),
                "raw {raw:x} sub {sub} align_dist {align_dist}"
            );
        }
    }

    /// A single one in the significand, shifted to just inside, onto and past
    /// the window's bit 0, and across the coarse stages' amounts: the sticky
    /// bit must catch exactly the ones shifted out.
    #[test]
    fn sticky_of_every_single_bit() {
        for (bit, sub) in (0..SIG_W).flat_map(|b| [(b, false), (b, true)]) {
            if sub && bit == SIG_W - 1 {
                continue; // a subnormal's hidden bit is 0
            }
            let raw = 1u64 << bit;
            let edge = (ADDEND_LSB + bit + sub as usize) as i32;
            for align_dist in [
                -2,
                -1,
                0,
                1,
                edge - 1,
                edge,
                edge + 1,
                edge + 2,
                63,
                64,
                127,
                128,
                129,
                191,
                192,
                193,
                255,
                256,
            ] {
                let expected = model_window(raw, sub, align_dist);
                let (c_al, _) = aligned(raw, sub, align_dist, false);
                assert_eq!(
                    c_al, expected,
                    "bit {bit} sub {sub} align_dist {align_dist}"
                );
            }
        }
    }
}
