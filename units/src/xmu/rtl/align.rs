//! Phase 3, align: the normalised significand shifted right so that its LSB
//! is the destination's, keeping the round bit (the first bit dropped) and
//! the sticky bit (the OR of the rest). Model: `fp::round` (the choice of
//! `lsb_weight`) and `fp::round_shift_right`.
//!
//! With `n`'s bit 63 weighing 2^e:
//! - float destination (mantissa `m` bits, smallest normal exponent EMIN):
//!   the LSB weighs 2^(max(e, EMIN) − m), so the shift is
//!   `63 − m + max(0, EMIN − e)` (gradual underflow below EMIN);
//! - integer destination (F2I): the LSB weighs 2^0, the shift is `63 − e`;
//!   `huge` when e ≥ 64 (every integer type saturates).
//!
//! A shift above 64 leaves nothing: kept 0, round bit 0, sticky = `n ≠ 0`
//! (the model's "sticky-only" value). Otherwise a seven-level log shifter on
//! 65 bits (`n` and the round position under it) ORs each level's dropped
//! bits into the sticky bit.

use super::{DF_W, EXP_W};
use rust_hdl::prelude::*;

/// Right shift with round and sticky bits.
#[derive(LogicBlock, Default)]
pub struct Align {
    /// Normalised significand (bit 63 set unless zero).
    pub n: Signal<In, Bits<64>>,
    /// Exponent of `n`'s bit 63, plus 2048.
    pub e_b: Signal<In, Bits<EXP_W>>,
    /// Float destination (0 f16, 1 bf16, 2 f32, 3 f64, 4 e4m3, 5 e5m2).
    pub df: Signal<In, Bits<DF_W>>,
    /// Integer destination instead (F2I).
    pub to_int: Signal<In, Bit>,
    /// The bits at or above the destination's LSB, right-aligned.
    pub kept: Signal<Out, Bits<64>>,
    pub round_bit: Signal<Out, Bit>,
    pub sticky: Signal<Out, Bit>,
    /// F2I: |value| ≥ 2^64.
    pub huge: Signal<Out, Bit>,
    /// `63 − m`, EMIN + 2048 of the float destination.
    base_shift: Signal<Local, Bits<EXP_W>>,
    emin_b: Signal<Local, Bits<EXP_W>>,
    shift: Signal<Local, Bits<EXP_W>>,
    big: Signal<Local, Bit>,
    /// The shifter's levels: bit 0 is the round position.
    f: [Signal<Local, Bits<65>>; 8],
    st: [Signal<Local, Bit>; 8],
}

impl Logic for Align {
    #[hdl_gen]
    fn update(&mut self) {
        self.base_shift.next = 53.into();
        self.emin_b.next = 2034.into();
        if self.df.val() == 1 {
            self.base_shift.next = 56.into();
            self.emin_b.next = 1922.into();
        }
        if self.df.val() == 2 {
            self.base_shift.next = 40.into();
            self.emin_b.next = 1922.into();
        }
        if self.df.val() == 3 {
            self.base_shift.next = 11.into();
            self.emin_b.next = 1026.into();
        }
        if self.df.val() == 4 {
            self.base_shift.next = 60.into();
            self.emin_b.next = 2042.into();
        }
        if self.df.val() == 5 {
            self.base_shift.next = 61.into();
            self.emin_b.next = 2034.into();
        }
        self.shift.next = self.base_shift.val();
        if self.e_b.val() < self.emin_b.val() {
            self.shift.next = self.base_shift.val() + (self.emin_b.val() - self.e_b.val());
        }
        // 63 + 2048 = 2111.
        self.huge.next = self.to_int.val() & (self.e_b.val() > 2111);
        if self.to_int.val() {
            self.shift.next = 2111 - self.e_b.val();
        }
        self.big.next = self.shift.val() > 64;

        // ---- log shifter ----
        self.f[0].next = bit_cast::<65, 64>(self.n.val()) << 1;
        self.st[0].next = false;
        self.f[1].next = self.f[0].val();
        self.st[1].next = self.st[0].val();
        if self.shift.val().get_bit(0) {
            self.f[1].next = self.f[0].val() >> 1;
            self.st[1].next = self.st[0].val() | self.f[0].val().get_bit(0);
        }
        self.f[2].next = self.f[1].val();
        self.st[2].next = self.st[1].val();
        if self.shift.val().get_bit(1) {
            self.f[2].next = self.f[1].val() >> 2;
            self.st[2].next = self.st[1].val() | self.f[1].val().get_bits::<2>(0).any();
        }
        self.f[3].next = self.f[2].val();
        self.st[3].next = self.st[2].val();
        if self.shift.val().get_bit(2) {
            self.f[3].next = self.f[2].val() >> 4;
            self.st[3].next = self.st[2].val() | self.f[2].val().get_bits::<4>(0).any();
        }
        self.f[4].next = self.f[3].val();
        self.st[4].next = self.st[3].val();
        if self.shift.val().get_bit(3) {
            self.f[4].next = self.f[3].val() >> 8;
            self.st[4].next = self.st[3].val() | self.f[3].val().get_bits::<8>(0).any();
        }
        self.f[5].next = self.f[4].val();
        self.st[5].next = self.st[4].val();
        if self.shift.val().get_bit(4) {
            self.f[5].next = self.f[4].val() >> 16;
            self.st[5].next = self.st[4].val() | self.f[4].val().get_bits::<16>(0).any();
        }
        self.f[6].next = self.f[5].val();
        self.st[6].next = self.st[5].val();
        if self.shift.val().get_bit(5) {
            self.f[6].next = self.f[5].val() >> 32;
            self.st[6].next = self.st[5].val() | self.f[5].val().get_bits::<32>(0).any();
        }
        self.f[7].next = self.f[6].val();
        self.st[7].next = self.st[6].val();
        if self.shift.val().get_bit(6) {
            self.f[7].next = self.f[6].val() >> 64;
            self.st[7].next = self.st[6].val() | self.f[6].val().get_bits::<64>(0).any();
        }
        self.kept.next = self.f[7].val().get_bits::<64>(1);
        self.round_bit.next = self.f[7].val().get_bit(0);
        self.sticky.next = self.st[7].val();
        if self.big.val() {
            self.kept.next = 0.into();
            self.round_bit.next = false;
            self.sticky.next = self.n.val().any();
        }
    }
}
