//! Phase 1, unpack: the operand as sign, class, a 64-bit significand and the
//! exponent of its bit 63, whatever the source format. Phase 1a
//! ([`UnpackTests`]) computes every format's tests and exponent side by side,
//! each test gated by the one-hot source format, the integer extension, the
//! sign and the significand without its hidden bit; phase 1b ([`Unpack`])
//! ORs the gated tests into the class and picks the exponent (both in one
//! phase measured 7.2–7.6 ns, `in_x`'s fan-out first; 1b picking by `src`
//! 7.4 ns).
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

/// Phase 1a: each source format's tests and exponent, side by side, the
/// integer source's extension, and what depends only on `x` and `src`: the
/// format's one-hot select (the tests gated by it, so that [`Unpack`] ORs
/// four bits), the sign, and the significand without its hidden bit.
#[derive(LogicBlock, Default)]
pub struct UnpackTests {
    /// The operation word (opcode and `src` are read).
    pub op: Signal<In, Bits<OP_W>>,
    /// The operand, right-aligned.
    pub x: Signal<In, Bits<64>>,
    /// Per float format (bit 0 f16, 1 bf16, 2 f32, 3 f64), set only for
    /// the source format: exponent field all ones, all zeros; mantissa zero.
    pub eo: Signal<Out, Bits<4>>,
    pub ez: Signal<Out, Bits<4>>,
    pub mz: Signal<Out, Bits<4>>,
    /// Per float format: `exp_b` (`e + 2048`, EMIN's for a subnormal).
    pub eb0: Signal<Out, Bits<EXP_W>>,
    pub eb1: Signal<Out, Bits<EXP_W>>,
    pub eb2: Signal<Out, Bits<EXP_W>>,
    pub eb3: Signal<Out, Bits<EXP_W>>,
    /// The source format, one-hot (f16 for every `src` but 1, 2, 3).
    pub fsel: Signal<Out, Bits<4>>,
    /// The low 8, 16, 32, 64 bits are zero (bits 0 … 3), set only for the
    /// integer source's width.
    pub izero: Signal<Out, Bits<4>>,
    /// The source is an integer (I2F, I2I).
    pub int_src: Signal<Out, Bit>,
    /// `.ftz` (the operation word's bit 12).
    pub ftz: Signal<Out, Bit>,
    /// Negative (float: the sign bit; integer: a negative signed value).
    pub sign: Signal<Out, Bit>,
    /// A negative integer ([`Magnitude`] negates it).
    pub neg: Signal<Out, Bit>,
    /// The integer extended to 64 bits by its signedness, or the float's
    /// mantissa left-aligned at bit 62 (the hidden bit, 63, is [`Unpack`]'s).
    pub fsig: Signal<Out, Bits<64>>,
    opc: Signal<Local, Bits<4>>,
    src: Signal<Local, Bits<3>>,
    ext: Signal<Local, Bits<64>>,
    fman: Signal<Local, Bits<64>>,
    fsign: Signal<Local, Bit>,
    ineg: Signal<Local, Bit>,
    fs: [Signal<Local, Bit>; 4],
    eo_b: [Signal<Local, Bit>; 4],
    ez_b: [Signal<Local, Bit>; 4],
    mz_b: [Signal<Local, Bit>; 4],
    iz_b: [Signal<Local, Bit>; 4],
}

impl Logic for UnpackTests {
    #[hdl_gen]
    fn update(&mut self) {
        self.opc.next = self.op.val().get_bits::<4>(0);
        self.src.next = self.op.val().get_bits::<3>(4);
        // I2F (9) and I2I (10) read an integer.
        self.int_src.next = (self.opc.val() == 9) | (self.opc.val() == 10);
        self.ftz.next = self.op.val().get_bit(12);
        self.fs[1].next = self.src.val() == 1;
        self.fs[2].next = self.src.val() == 2;
        self.fs[3].next = self.src.val() == 3;
        self.fs[0].next = !(self.fs[1].val() | self.fs[2].val() | self.fs[3].val());
        self.fsel.next = (bit_cast::<4, 1>(self.fs[3].val().into()) << 3)
            | (bit_cast::<4, 1>(self.fs[2].val().into()) << 2)
            | (bit_cast::<4, 1>(self.fs[1].val().into()) << 1)
            | bit_cast::<4, 1>(self.fs[0].val().into());
        self.eo_b[0].next = self.fs[0].val() & self.x.val().get_bits::<5>(10).all();
        self.ez_b[0].next = self.fs[0].val() & !self.x.val().get_bits::<5>(10).any();
        self.mz_b[0].next = self.fs[0].val() & !self.x.val().get_bits::<10>(0).any();
        self.eb0.next = bit_cast::<EXP_W, 5>(self.x.val().get_bits::<5>(10)) + 2033;
        self.eo_b[1].next = self.fs[1].val() & self.x.val().get_bits::<8>(7).all();
        self.ez_b[1].next = self.fs[1].val() & !self.x.val().get_bits::<8>(7).any();
        self.mz_b[1].next = self.fs[1].val() & !self.x.val().get_bits::<7>(0).any();
        self.eb1.next = bit_cast::<EXP_W, 8>(self.x.val().get_bits::<8>(7)) + 1921;
        self.eo_b[2].next = self.fs[2].val() & self.x.val().get_bits::<8>(23).all();
        self.ez_b[2].next = self.fs[2].val() & !self.x.val().get_bits::<8>(23).any();
        self.mz_b[2].next = self.fs[2].val() & !self.x.val().get_bits::<23>(0).any();
        self.eb2.next = bit_cast::<EXP_W, 8>(self.x.val().get_bits::<8>(23)) + 1921;
        self.eo_b[3].next = self.fs[3].val() & self.x.val().get_bits::<11>(52).all();
        self.ez_b[3].next = self.fs[3].val() & !self.x.val().get_bits::<11>(52).any();
        self.mz_b[3].next = self.fs[3].val() & !self.x.val().get_bits::<52>(0).any();
        self.eb3.next = bit_cast::<EXP_W, 11>(self.x.val().get_bits::<11>(52)) + 1025;
        // A subnormal's exponent is EMIN, the one of biased exponent 1.
        if !self.x.val().get_bits::<5>(10).any() {
            self.eb0.next = 2034.into();
        }
        if !self.x.val().get_bits::<8>(7).any() {
            self.eb1.next = 1922.into();
        }
        if !self.x.val().get_bits::<8>(23).any() {
            self.eb2.next = 1922.into();
        }
        if !self.x.val().get_bits::<11>(52).any() {
            self.eb3.next = 1026.into();
        }
        self.eo.next = (bit_cast::<4, 1>(self.eo_b[3].val().into()) << 3)
            | (bit_cast::<4, 1>(self.eo_b[2].val().into()) << 2)
            | (bit_cast::<4, 1>(self.eo_b[1].val().into()) << 1)
            | bit_cast::<4, 1>(self.eo_b[0].val().into());
        self.ez.next = (bit_cast::<4, 1>(self.ez_b[3].val().into()) << 3)
            | (bit_cast::<4, 1>(self.ez_b[2].val().into()) << 2)
            | (bit_cast::<4, 1>(self.ez_b[1].val().into()) << 1)
            | bit_cast::<4, 1>(self.ez_b[0].val().into());
        self.mz.next = (bit_cast::<4, 1>(self.mz_b[3].val().into()) << 3)
            | (bit_cast::<4, 1>(self.mz_b[2].val().into()) << 2)
            | (bit_cast::<4, 1>(self.mz_b[1].val().into()) << 1)
            | bit_cast::<4, 1>(self.mz_b[0].val().into());
        // An integer is zero when its low `w` bits are (extension keeps that).
        self.iz_b[0].next =
            (self.src.val().get_bits::<2>(1) == 0) & !self.x.val().get_bits::<8>(0).any();
        self.iz_b[1].next =
            (self.src.val().get_bits::<2>(1) == 1) & !self.x.val().get_bits::<16>(0).any();
        self.iz_b[2].next =
            (self.src.val().get_bits::<2>(1) == 2) & !self.x.val().get_bits::<32>(0).any();
        self.iz_b[3].next = (self.src.val().get_bits::<2>(1) == 3) & !self.x.val().any();
        self.izero.next = (bit_cast::<4, 1>(self.iz_b[3].val().into()) << 3)
            | (bit_cast::<4, 1>(self.iz_b[2].val().into()) << 2)
            | (bit_cast::<4, 1>(self.iz_b[1].val().into()) << 1)
            | bit_cast::<4, 1>(self.iz_b[0].val().into());

        // ---- integer source: extend by signedness ----
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

        // ---- float fields, picked by source format ----
        self.fsign.next = self.x.val().get_bit(15);
        self.fman.next = bit_cast::<64, 10>(self.x.val().get_bits::<10>(0)) << 53;
        if self.src.val() == 1 {
            self.fman.next = bit_cast::<64, 7>(self.x.val().get_bits::<7>(0)) << 56;
        }
        if self.src.val() == 2 {
            self.fsign.next = self.x.val().get_bit(31);
            self.fman.next = bit_cast::<64, 23>(self.x.val().get_bits::<23>(0)) << 40;
        }
        if self.src.val() == 3 {
            self.fsign.next = self.x.val().get_bit(63);
            self.fman.next = bit_cast::<64, 52>(self.x.val().get_bits::<52>(0)) << 11;
        }

        if self.int_src.val() {
            self.sign.next = self.ineg.val();
            self.neg.next = self.ineg.val();
            self.fsig.next = self.ext.val();
        } else {
            self.sign.next = self.fsign.val();
            self.neg.next = false;
            self.fsig.next = self.fman.val();
        }
    }
}

/// Phase 1b: unpacks `x` as the source of the operation, from
/// [`UnpackTests`]' results: the class from four-bit ORs, the hidden bit,
/// the exponent picked by the one-hot source format (the picks by `src`
/// here measured 7.4 ns, five LUT levels).
#[derive(LogicBlock, Default)]
pub struct Unpack {
    /// `.ftz`: a subnormal reads as a zero of its sign.
    pub ftz: Signal<In, Bit>,
    /// From [`UnpackTests`].
    pub int_src: Signal<In, Bit>,
    pub fsel: Signal<In, Bits<4>>,
    pub eo: Signal<In, Bits<4>>,
    pub ez: Signal<In, Bits<4>>,
    pub mz: Signal<In, Bits<4>>,
    pub eb0: Signal<In, Bits<EXP_W>>,
    pub eb1: Signal<In, Bits<EXP_W>>,
    pub eb2: Signal<In, Bits<EXP_W>>,
    pub eb3: Signal<In, Bits<EXP_W>>,
    pub izero: Signal<In, Bits<4>>,
    pub sign_in: Signal<In, Bit>,
    pub neg_in: Signal<In, Bit>,
    pub fsig: Signal<In, Bits<64>>,
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
    /// The source format's `exp_b`, each masked by its select.
    fe: [Signal<Local, Bits<EXP_W>>; 4],
    exp_zero: Signal<Local, Bit>,
    exp_ones: Signal<Local, Bit>,
    /// Bit 63: the integer's, or the float's hidden bit.
    top: Signal<Local, Bit>,
}

impl Logic for Unpack {
    #[hdl_gen]
    fn update(&mut self) {
        self.exp_ones.next = self.eo.val().any();
        self.exp_zero.next = self.ez.val().any();
        self.man_zero.next = self.mz.val().any();
        self.fe[0].next = 0.into();
        if self.fsel.val().get_bit(0) {
            self.fe[0].next = self.eb0.val();
        }
        self.fe[1].next = 0.into();
        if self.fsel.val().get_bit(1) {
            self.fe[1].next = self.eb1.val();
        }
        self.fe[2].next = 0.into();
        if self.fsel.val().get_bit(2) {
            self.fe[2].next = self.eb2.val();
        }
        self.fe[3].next = 0.into();
        if self.fsel.val().get_bit(3) {
            self.fe[3].next = self.eb3.val();
        }
        self.sign.next = self.sign_in.val();
        self.neg.next = self.neg_in.val();
        self.top.next = self.fsig.val().get_bit(63) | (!self.int_src.val() & !self.exp_zero.val());
        self.sig.next = self.fsig.val().replace_bit(63, self.top.val());
        if self.int_src.val() {
            self.zero.next = self.izero.val().any();
            self.inf.next = false;
            self.nan.next = false;
            self.exp_b.next = 2111.into();
        } else {
            self.zero.next = self.exp_zero.val() & (self.man_zero.val() | self.ftz.val());
            self.inf.next = self.exp_ones.val() & self.man_zero.val();
            self.nan.next = self.exp_ones.val() & !self.man_zero.val();
            self.exp_b.next =
                self.fe[0].val() | self.fe[1].val() | self.fe[2].val() | self.fe[3].val();
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
