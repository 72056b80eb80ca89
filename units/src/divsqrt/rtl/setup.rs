//! Setup phase (the clock after accept): normalise both significands (one
//! left shift each by the leading-zero count), the result's exponent, the
//! recurrence's initial registers and its clock count, and the answers that
//! need no recurrence (NaN, ∞, 0, ÷0, an integer quotient of 0).
//! Mirrors [`srt`](crate::divsqrt::srt)'s `divide_significands`,
//! `sqrt_significand` and `divide_u32`, and the special rows of
//! [`model::fdiv`](crate::divsqrt::model::fdiv) / `fsqrt` / `integer`.
//!
//! Exponents are biased and offset by [`EOFF`] so that they stay positive in
//! [`EXP_W`] bits: `bexp` is the biased exponent of `2·Q` (division, `Q` the
//! quotient register, in `[1/2, 2)`) or of `2·S` (root, `S ∈ [1/2, 1)`).

use super::{Accepted, Iter, Meta, CNT_W, EOFF, EXP_W, FLAGS_W, REM_W, SIG_W};
use rust_hdl::prelude::*;

// Literals below: EOFF = 8192, EOFF/2 = 4096; the frame of srt.rs (60 bits,
// 56 fraction bits): 1 << 55 is the first digit's weight, 1 << 56 is 1.0.
const _: () = assert!(EOFF == 8192 && EXP_W == 14 && REM_W == 60 && CNT_W == 5);
// The clock counts below are literals (rust-hdl would export a name).
const _: () = assert!(CLOCKS_F32 == 13 && DIV_CLOCKS_F64 == 28 && SQRT_CLOCKS_F64 == 27);

/// Clocks of the recurrence (two steps each) per format.
pub const DIV_CLOCKS_F64: u64 = 28;
pub const SQRT_CLOCKS_F64: u64 = 27;
pub const CLOCKS_F32: u64 = 13;

/// The setup phase (combinational).
#[derive(LogicBlock, Default)]
pub struct Setup {
    /// What the accept phase registered.
    pub p: Signal<In, Accepted>,
    /// Initial registers of the recurrence.
    pub iter: Signal<Out, Iter>,
    /// What the finishing phases need, constant during the recurrence.
    pub meta: Signal<Out, Meta>,
    na: Signal<Local, Bits<SIG_W>>,
    nb: Signal<Local, Bits<SIG_W>>,
    bias: Signal<Local, Bits<EXP_W>>,
    va: Signal<Local, Bits<EXP_W>>,
    vb: Signal<Local, Bits<EXP_W>>,
    /// Integer digit count `lz_b − lz_a + 1`, made even.
    n: Signal<Local, Bits<7>>,
    steps: Signal<Local, Bits<7>>,
    /// Signed zero, ∞, canonical NaN of the format.
    zero_v: Signal<Local, Bits<64>>,
    inf_v: Signal<Local, Bits<64>>,
    nan_v: Signal<Local, Bits<64>>,
    rsign: Signal<Local, Bit>,
    forced: Signal<Local, Bit>,
    fres: Signal<Local, Bits<64>>,
    fflags: Signal<Local, Bits<FLAGS_W>>,
}

impl Logic for Setup {
    #[hdl_gen]
    fn update(&mut self) {
        self.na.next = self.p.val().a_sig << self.p.val().a_lz;
        self.nb.next = self.p.val().b_sig << self.p.val().b_lz;
        self.bias.next = 127.into();
        if self.p.val().fmt64 {
            self.bias.next = 1023.into();
        }
        self.va.next = bit_cast::<EXP_W, 12>(self.p.val().a_e1) + 8192
            - bit_cast::<EXP_W, 7>(self.p.val().a_lz);
        self.vb.next = bit_cast::<EXP_W, 12>(self.p.val().b_e1) + 8192
            - bit_cast::<EXP_W, 7>(self.p.val().b_lz);
        self.n.next = (self.p.val().b_lz + 1) - self.p.val().a_lz;
        self.steps.next = self.n.val() + bit_cast::<7, 1>(self.n.val().get_bit(0).into());

        // ---- initial registers: division by default ----
        self.iter.next.ws = bit_cast::<REM_W, SIG_W>(self.na.val() >> 9);
        self.iter.next.wc = 0.into();
        self.iter.next.d = bit_cast::<REM_W, SIG_W>(self.nb.val() >> 8);
        self.iter.next.q = 0.into();
        self.iter.next.qm = 0x0fff_ffff_ffff_ffff_u64.into();
        self.iter.next.k = 0x0080_0000_0000_0000_u64.into();
        self.iter.next.count = 13.into();
        if self.p.val().fmt64 {
            self.iter.next.count = 28.into();
        }
        self.meta.next.bexp = (self.va.val() - self.vb.val()) + self.bias.val() + 8192;
        if self.p.val().sqrt {
            // w0 = x − 1 with x = m/4 (even exponent) or m/2; S = 1, SM = 0.
            self.iter.next.ws =
                bit_cast::<REM_W, SIG_W>(self.na.val() >> 9) | 0x0f00_0000_0000_0000_u64;
            if !self.va.val().get_bit(0) {
                self.iter.next.ws =
                    bit_cast::<REM_W, SIG_W>(self.na.val() >> 8) | 0x0f00_0000_0000_0000_u64;
            }
            self.iter.next.q = 0x0100_0000_0000_0000_u64.into();
            self.iter.next.qm = 0.into();
            if self.p.val().fmt64 {
                self.iter.next.count = 27.into();
            }
            self.meta.next.bexp = ((self.va.val() + self.bias.val()) >> 1) + 4096;
        }
        if self.p.val().is_int {
            // An odd digit count starts from m/8 and runs one more step.
            if self.n.val().get_bit(0) {
                self.iter.next.ws = bit_cast::<REM_W, SIG_W>(self.na.val() >> 10);
            }
            self.iter.next.k = bit_cast::<REM_W, 1>(true.into()) << (self.steps.val() - 1);
            self.iter.next.count = bit_cast::<CNT_W, 7>(self.steps.val() >> 1);
        }

        // ---- answers without a recurrence ----
        self.rsign.next = self.p.val().a_sign ^ (self.p.val().b_sign & !self.p.val().sqrt);
        self.zero_v.next = 0.into();
        if self.rsign.val() {
            self.zero_v.next = 0x8000_0000_u64.into();
            if self.p.val().fmt64 {
                self.zero_v.next = 0x8000_0000_0000_0000_u64.into();
            }
        }
        self.inf_v.next = self.zero_v.val() | 0x7f80_0000_u64;
        self.nan_v.next = 0x7fc0_0000_u64.into();
        if self.p.val().fmt64 {
            self.inf_v.next = self.zero_v.val() | 0x7ff0_0000_0000_0000_u64;
            self.nan_v.next = 0x7ff8_0000_0000_0000_u64.into();
        }
        self.fres.next = self.inf_v.val();
        self.fflags.next = 0.into();
        if self.p.val().sqrt {
            // √: −x → NaN (NV), ±0 → ±0, +∞ → +∞, NaN → NaN.
            self.forced.next =
                self.p.val().a_nan | self.p.val().a_zero | self.p.val().a_inf | self.p.val().a_sign;
            if self.p.val().a_sign {
                self.fres.next = self.nan_v.val();
                self.fflags.next = 0x10.into();
            }
            if self.p.val().a_zero {
                self.fres.next = self.zero_v.val();
                self.fflags.next = 0.into();
            }
            if self.p.val().a_nan {
                self.fres.next = self.nan_v.val();
                self.fflags.next = 0.into();
                if self.p.val().a_snan {
                    self.fflags.next = 0x10.into();
                }
            }
        } else {
            // ÷: x/0 → ∞ (DZ); 0/x, x/∞ → 0; ∞/x → ∞; 0/0, ∞/∞ → NaN (NV).
            self.forced.next = self.p.val().a_nan
                | self.p.val().b_nan
                | self.p.val().a_zero
                | self.p.val().b_zero
                | self.p.val().a_inf
                | self.p.val().b_inf;
            if self.p.val().b_zero {
                self.fflags.next = 0x08.into();
            }
            if self.p.val().a_zero | self.p.val().b_inf {
                self.fres.next = self.zero_v.val();
                self.fflags.next = 0.into();
            }
            if self.p.val().a_inf {
                self.fres.next = self.inf_v.val();
                self.fflags.next = 0.into();
            }
            if (self.p.val().a_zero & self.p.val().b_zero)
                | (self.p.val().a_inf & self.p.val().b_inf)
            {
                self.fres.next = self.nan_v.val();
                self.fflags.next = 0x10.into();
            }
            if self.p.val().a_nan | self.p.val().b_nan {
                self.fres.next = self.nan_v.val();
                self.fflags.next = 0.into();
                if self.p.val().a_snan | self.p.val().b_snan {
                    self.fflags.next = 0x10.into();
                }
            }
        }
        if self.p.val().is_int {
            // ÷0: quotient all ones, remainder the dividend; |a| < 2^k·|b| with
            // fewer leading zeros in b: quotient 0, remainder the dividend.
            self.forced.next = self.p.val().b_zero | (self.p.val().a_lz > self.p.val().b_lz);
            self.fflags.next = 0.into();
            self.fres.next = 0.into();
            if self.p.val().b_zero {
                self.fres.next = 0xffff_ffff_u64.into();
            }
            if self.p.val().rem {
                self.fres.next = bit_cast::<64, 32>(self.p.val().a_raw);
            }
            if self.forced.val() {
                self.iter.next.count = 1.into();
            }
        }
        self.meta.next.tag = self.p.val().tag;
        self.meta.next.fmt64 = self.p.val().fmt64;
        self.meta.next.is_int = self.p.val().is_int;
        self.meta.next.sqrt = self.p.val().sqrt;
        self.meta.next.rm = self.p.val().rm;
        self.meta.next.ftz = self.p.val().ftz;
        self.meta.next.sign = self.rsign.val();
        self.meta.next.forced = self.forced.val();
        self.meta.next.forced_res = self.fres.val();
        self.meta.next.forced_flags = self.fflags.val();
        self.meta.next.neg_q = self.p.val().a_sign ^ self.p.val().b_sign;
        self.meta.next.neg_r = self.p.val().a_sign;
        self.meta.next.rem = self.p.val().rem;
        self.meta.next.rem_shift = bit_cast::<6, 7>(self.p.val().b_lz) + 24;
    }
}
