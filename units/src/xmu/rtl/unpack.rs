//! Phase 1, unpack: the operand as sign, class, a 64-bit significand and the
//! exponent of its bit 63, whatever the source format.
//!
//! - Floats (f16, bf16, f32, f64, by `src`): the hidden bit goes to bit 63
//!   and the mantissa field under it (bits 62 … 63 − man), so that a normal
//!   number is already normalised and every format's fields share one
//!   place; a subnormal keeps the hidden bit 0 and the exponent EMIN, and
//!   [`Normalise`](super::Normalise) shifts it up. `.ftz` reads a subnormal
//!   as a zero of its sign. A NaN keeps its payload under bit 63 (F2F's
//!   payload rule reads it there).
//! - Integers (I2F, I2I: u8 … s64, by `src`): the value extended by its
//!   signedness (`ext`, for I2I) as the significand, with exponent 63 (bit 63
//!   weighs 2^63); `neg` says that [`Magnitude`] must negate it (the carry
//!   chain of the negation is the next phase's, not this one's).
//!
//! Exponents are offset by [`EOFF`](super::EOFF) = 2048 so that all the
//! exponent arithmetic downstream is unsigned: `exp_b = e + 2048`.

use super::{EXP_W, OP_W};
use rust_hdl::prelude::*;

/// Unpacks `x` as the source of the operation `op`.
#[derive(LogicBlock, Default)]
pub struct Unpack {
    /// The operation word (opcode and `src` are read; `.ftz`).
    pub op: Signal<In, Bits<OP_W>>,
    /// The operand, right-aligned; bits above the source width are ignored.
    pub x: Signal<In, Bits<64>>,
    /// Negative (floats: the sign bit; integers: a negative signed value).
    pub sign: Signal<Out, Bit>,
    /// ±0 (or a flushed subnormal), or the integer 0.
    pub zero: Signal<Out, Bit>,
    /// ±∞.
    pub inf: Signal<Out, Bit>,
    /// Any NaN.
    pub nan: Signal<Out, Bit>,
    /// A float's mantissa field is zero (FRND's |x| < 1 sticky bit).
    pub man_zero: Signal<Out, Bit>,
    /// Significand, bit 63 the hidden bit (floats), or the extended integer
    /// (its magnitude after [`Magnitude`]).
    pub sig: Signal<Out, Bits<64>>,
    /// `sig` is a negative integer: [`Magnitude`] negates it.
    pub neg: Signal<Out, Bit>,
    /// Exponent of `sig`'s bit 63, plus 2048.
    pub exp_b: Signal<Out, Bits<EXP_W>>,
    /// Integer source extended to 64 bits by its signedness.
    pub ext: Signal<Out, Bits<64>>,
    opc: Signal<Local, Bits<4>>,
    src: Signal<Local, Bits<3>>,
    int_src: Signal<Local, Bit>,
    ftz: Signal<Local, Bit>,
    /// Float fields: sign, biased exponent, mantissa left-aligned at bit 62.
    fsign: Signal<Local, Bit>,
    fman: Signal<Local, Bits<64>>,
    /// Per source format (f16, bf16, f32, f64): exponent field all ones,
    /// all zeros; mantissa zero; `exp_b` (`e + 2048`, EMIN's for a subnormal).
    eo: [Signal<Local, Bit>; 4],
    ez: [Signal<Local, Bit>; 4],
    mz: [Signal<Local, Bit>; 4],
    eb: [Signal<Local, Bits<EXP_W>>; 4],
    /// The source format's `exp_b`; the integer source is zero.
    fexp_b: Signal<Local, Bits<EXP_W>>,
    izero: Signal<Local, Bit>,
    exp_zero: Signal<Local, Bit>,
    /// The hidden bit (a 1-bit signal: a `!` inside `replace_bit` would be
    /// widened before the inversion in Verilog).
    hidden: Signal<Local, Bit>,
    exp_ones: Signal<Local, Bit>,
    /// Integer: negative signed value.
    ineg: Signal<Local, Bit>,
}

impl Logic for Unpack {
    #[hdl_gen]
    fn update(&mut self) {
        self.opc.next = self.op.val().get_bits::<4>(0);
        self.src.next = self.op.val().get_bits::<3>(4);
        self.ftz.next = self.op.val().get_bit(12);
        // I2F (9) and I2I (10) read an integer.
        self.int_src.next = (self.opc.val() == 9) | (self.opc.val() == 10);

        // ---- float fields, by source format ----
        // Each format's tests and exponent are computed from `x` side by
        // side, then picked by `src` (a mux after a 52-bit test, or an add
        // after a mux, would be a LUT level or a chain deeper).
        self.fsign.next = self.x.val().get_bit(15);
        self.fman.next = bit_cast::<64, 10>(self.x.val().get_bits::<10>(0)) << 53;
        self.eo[0].next = self.x.val().get_bits::<5>(10).all();
        self.ez[0].next = !self.x.val().get_bits::<5>(10).any();
        self.mz[0].next = !self.x.val().get_bits::<10>(0).any();
        self.eb[0].next = bit_cast::<EXP_W, 5>(self.x.val().get_bits::<5>(10)) + 2033;
        self.eo[1].next = self.x.val().get_bits::<8>(7).all();
        self.ez[1].next = !self.x.val().get_bits::<8>(7).any();
        self.mz[1].next = !self.x.val().get_bits::<7>(0).any();
        self.eb[1].next = bit_cast::<EXP_W, 8>(self.x.val().get_bits::<8>(7)) + 1921;
        self.eo[2].next = self.x.val().get_bits::<8>(23).all();
        self.ez[2].next = !self.x.val().get_bits::<8>(23).any();
        self.mz[2].next = !self.x.val().get_bits::<23>(0).any();
        self.eb[2].next = bit_cast::<EXP_W, 8>(self.x.val().get_bits::<8>(23)) + 1921;
        self.eo[3].next = self.x.val().get_bits::<11>(52).all();
        self.ez[3].next = !self.x.val().get_bits::<11>(52).any();
        self.mz[3].next = !self.x.val().get_bits::<52>(0).any();
        self.eb[3].next = bit_cast::<EXP_W, 11>(self.x.val().get_bits::<11>(52)) + 1025;
        // A subnormal's exponent is EMIN, the one of biased exponent 1.
        if self.ez[0].val() {
            self.eb[0].next = 2034.into();
        }
        if self.ez[1].val() {
            self.eb[1].next = 1922.into();
        }
        if self.ez[2].val() {
            self.eb[2].next = 1922.into();
        }
        if self.ez[3].val() {
            self.eb[3].next = 1026.into();
        }
        self.exp_ones.next = self.eo[0].val();
        self.exp_zero.next = self.ez[0].val();
        self.man_zero.next = self.mz[0].val();
        self.fexp_b.next = self.eb[0].val();
        if self.src.val() == 1 {
            self.fman.next = bit_cast::<64, 7>(self.x.val().get_bits::<7>(0)) << 56;
            self.exp_ones.next = self.eo[1].val();
            self.exp_zero.next = self.ez[1].val();
            self.man_zero.next = self.mz[1].val();
            self.fexp_b.next = self.eb[1].val();
        }
        if self.src.val() == 2 {
            self.fsign.next = self.x.val().get_bit(31);
            self.fman.next = bit_cast::<64, 23>(self.x.val().get_bits::<23>(0)) << 40;
            self.exp_ones.next = self.eo[2].val();
            self.exp_zero.next = self.ez[2].val();
            self.man_zero.next = self.mz[2].val();
            self.fexp_b.next = self.eb[2].val();
        }
        if self.src.val() == 3 {
            self.fsign.next = self.x.val().get_bit(63);
            self.fman.next = bit_cast::<64, 52>(self.x.val().get_bits::<52>(0)) << 11;
            self.exp_ones.next = self.eo[3].val();
            self.exp_zero.next = self.ez[3].val();
            self.man_zero.next = self.mz[3].val();
            self.fexp_b.next = self.eb[3].val();
        }
        self.hidden.next = !self.exp_zero.val();
        // An integer is zero when its low `w` bits are (extension keeps that).
        self.izero.next = !self.x.val().any();
        if self.src.val().get_bits::<2>(1) == 0 {
            self.izero.next = !self.x.val().get_bits::<8>(0).any();
        }
        if self.src.val().get_bits::<2>(1) == 1 {
            self.izero.next = !self.x.val().get_bits::<16>(0).any();
        }
        if self.src.val().get_bits::<2>(1) == 2 {
            self.izero.next = !self.x.val().get_bits::<32>(0).any();
        }

        // ---- integer source: extend by signedness, then the magnitude ----
        // src: 0 u8, 1 s8, 2 u16, 3 s16, 4 u32, 5 s32, 6 u64, 7 s64.
        self.ext.next = self.x.val();
        if self.src.val().get_bits::<2>(1) == 0 {
            self.ext.next = self.x.val() & 0xFF_u64;
            if self.src.val().get_bit(0) & self.x.val().get_bit(7) {
                self.ext.next = self.x.val() | 0xFFFF_FFFF_FFFF_FF00_u64;
            }
        }
        if self.src.val().get_bits::<2>(1) == 1 {
            self.ext.next = self.x.val() & 0xFFFF_u64;
            if self.src.val().get_bit(0) & self.x.val().get_bit(15) {
                self.ext.next = self.x.val() | 0xFFFF_FFFF_FFFF_0000_u64;
            }
        }
        if self.src.val().get_bits::<2>(1) == 2 {
            self.ext.next = self.x.val() & 0xFFFF_FFFF_u64;
            if self.src.val().get_bit(0) & self.x.val().get_bit(31) {
                self.ext.next = self.x.val() | 0xFFFF_FFFF_0000_0000_u64;
            }
        }
        self.ineg.next = self.src.val().get_bit(0) & self.ext.val().get_bit(63);

        // ---- outputs ----
        if self.int_src.val() {
            self.sign.next = self.ineg.val();
            self.neg.next = self.ineg.val();
            self.zero.next = self.izero.val();
            self.inf.next = false;
            self.nan.next = false;
            self.sig.next = self.ext.val();
            self.exp_b.next = 2111.into();
        } else {
            self.sign.next = self.fsign.val();
            self.neg.next = false;
            self.zero.next = self.exp_zero.val() & (self.man_zero.val() | self.ftz.val());
            self.inf.next = self.exp_ones.val() & self.man_zero.val();
            self.nan.next = self.exp_ones.val() & !self.man_zero.val();
            self.sig.next = self.fman.val().replace_bit(63, self.hidden.val());
            self.exp_b.next = self.fexp_b.val();
        }
    }
}

/// Phase 2: the magnitude of an integer source (`!sig + 1` when negative),
/// a float's significand unchanged. The negation is two 32-bit carry chains
/// side by side: the high half is `!hi + 1` only when the low half is 0
/// (a carry select), so no chain is 64 bits long.
#[derive(LogicBlock, Default)]
pub struct Magnitude {
    /// [`Unpack::sig`].
    pub sig: Signal<In, Bits<64>>,
    /// [`Unpack::neg`].
    pub neg: Signal<In, Bit>,
    /// The significand: bit 63 the hidden bit, or the integer's magnitude.
    pub mag: Signal<Out, Bits<64>>,
    lo: Signal<Local, Bits<32>>,
    hi: Signal<Local, Bits<32>>,
    lo_zero: Signal<Local, Bit>,
}

impl Logic for Magnitude {
    #[hdl_gen]
    fn update(&mut self) {
        self.lo.next = (!self.sig.val().get_bits::<32>(0)) + 1;
        self.lo_zero.next = !self.sig.val().get_bits::<32>(0).any();
        self.hi.next = !self.sig.val().get_bits::<32>(32);
        if self.lo_zero.val() {
            self.hi.next = (!self.sig.val().get_bits::<32>(32)) + 1;
        }
        self.mag.next = self.sig.val();
        if self.neg.val() {
            self.mag.next =
                (bit_cast::<64, 32>(self.hi.val()) << 32) | bit_cast::<64, 32>(self.lo.val());
        }
    }
}
