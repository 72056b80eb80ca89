//! Fields and unpack phases: one operand's fields. A float (f32 or f64,
//! `daz` reading a subnormal as zero) or a 32-bit integer (its magnitude,
//! signed or not; [`FieldTests`] a clock earlier: the magnitude and the
//! wide zero/all-ones tests) becomes sign, class and a significand left-aligned at bit 63 (hidden one
//! at bit 63 for a normal float). The next clock ([`Lzc64`]) counts its
//! leading zeros, so that the shift phase can normalise subnormals and
//! integers with one shift. Mirrors
//! [`model::classify`](crate::divsqrt::model::classify).

use super::{Field, E1_W, LZ_W, SIG_W};
use crate::hw::lzc::LeadingZeroCount32;
use rust_hdl::prelude::*;

/// The fields phase: one operand's wide tests (combinational), a clock
/// before [`Unpack`] (since 2026-12-03: the integer negation's carry chain
/// and the exponent field's tests before the significand's multiplexers
/// missed 6.67 ns in one clock).
#[derive(LogicBlock, Default)]
pub struct FieldTests {
    /// The operand, right-aligned.
    pub x: Signal<In, Bits<64>>,
    /// binary64 (else binary32 or integer).
    pub is64: Signal<In, Bit>,
    /// A 32-bit integer operand.
    pub is_int: Signal<In, Bit>,
    /// The integer is signed (two's complement).
    pub is_signed: Signal<In, Bit>,
    pub f: Signal<Out, Field>,
    /// The word negated.
    mag: Signal<Local, Bits<32>>,
}

impl Logic for FieldTests {
    #[hdl_gen]
    fn update(&mut self) {
        // binary32 fields by default, binary64 over them.
        self.f.next.x = self.x.val();
        self.f.next.sign = self.x.val().get_bit(31);
        self.f.next.ez = !self.x.val().get_bits::<8>(23).any();
        self.f.next.emax = self.x.val().get_bits::<8>(23).all();
        self.f.next.fz = !self.x.val().get_bits::<23>(0).any();
        if self.is64.val() {
            self.f.next.sign = self.x.val().get_bit(63);
            self.f.next.ez = !self.x.val().get_bits::<11>(52).any();
            self.f.next.emax = self.x.val().get_bits::<11>(52).all();
            self.f.next.fz = !self.x.val().get_bits::<52>(0).any();
        }
        // A 32-bit local: no 64-bit context around the negation (WIDTH).
        self.mag.next = (!self.x.val().get_bits::<32>(0)) + 1;
        if self.is_int.val() {
            self.f.next.sign = self.is_signed.val() & self.x.val().get_bit(31);
            // The word is 0 (tested before the negation: no test after
            // its carry chain).
            self.f.next.fz = !self.x.val().get_bits::<32>(0).any();
            if self.is_signed.val() & self.x.val().get_bit(31) {
                self.f.next.x = bit_cast::<64, 32>(self.mag.val());
            }
        }
    }
}

/// One operand's unpacker (combinational), from its [`Field`].
#[derive(LogicBlock, Default)]
pub struct Unpack {
    /// The fields phase's registers.
    pub f: Signal<In, Field>,
    /// binary64 (else binary32 or integer).
    pub is64: Signal<In, Bit>,
    /// A 32-bit integer operand.
    pub is_int: Signal<In, Bit>,
    /// Read a subnormal float as a signed zero.
    pub daz: Signal<In, Bit>,
    /// Sign (an integer's: negative and signed).
    pub sign: Signal<Out, Bit>,
    /// ±0 (a flushed subnormal, the integer 0).
    pub zero: Signal<Out, Bit>,
    /// ±∞.
    pub inf: Signal<Out, Bit>,
    /// Any NaN.
    pub nan: Signal<Out, Bit>,
    /// A signalling NaN.
    pub snan: Signal<Out, Bit>,
    /// Significand left-aligned: float `1.f` (or `0.f`) from bit 63 down, an
    /// integer's magnitude in bits 63..32.
    pub sig: Signal<Out, Bits<SIG_W>>,
    /// Biased exponent field, 1 for a subnormal (0 for an integer).
    pub e1: Signal<Out, Bits<E1_W>>,
    /// The field's operand (Icarus: no part select of a struct field).
    x: Signal<Local, Bits<64>>,
    ef: Signal<Local, Bits<E1_W>>,
    quiet: Signal<Local, Bit>,
    frac: Signal<Local, Bits<SIG_W>>,
}

impl Logic for Unpack {
    #[hdl_gen]
    fn update(&mut self) {
        self.x.next = self.f.val().x;
        // binary32 fields by default, binary64 over them.
        self.ef.next = bit_cast::<E1_W, 8>(self.x.val().get_bits::<8>(23));
        self.quiet.next = self.x.val().get_bit(22);
        self.frac.next = bit_cast::<SIG_W, 23>(self.x.val().get_bits::<23>(0)) << 40;
        if self.is64.val() {
            self.ef.next = bit_cast::<E1_W, 11>(self.x.val().get_bits::<11>(52));
            self.quiet.next = self.x.val().get_bit(51);
            self.frac.next = bit_cast::<SIG_W, 52>(self.x.val().get_bits::<52>(0)) << 11;
        }
        self.sign.next = self.f.val().sign;
        self.sig.next = self.frac.val() | 0x8000_0000_0000_0000_u64;
        self.e1.next = self.ef.val();
        if self.f.val().ez {
            self.sig.next = self.frac.val();
            self.e1.next = 1.into();
        }
        self.zero.next = self.f.val().ez & (self.f.val().fz | self.daz.val());
        self.inf.next = self.f.val().emax & self.f.val().fz;
        self.nan.next = self.f.val().emax & !self.f.val().fz;
        self.snan.next = self.f.val().emax & (!self.f.val().fz) & !self.quiet.val();
        if self.is_int.val() {
            // The fields phase put the magnitude in bits 31..0.
            self.sig.next = bit_cast::<SIG_W, 32>(self.x.val().get_bits::<32>(0)) << 32;
            self.e1.next = 0.into();
            self.zero.next = self.f.val().fz;
            self.inf.next = false;
            self.nan.next = false;
            self.snan.next = false;
        }
    }
}

/// Leading zeros of a 64-bit significand (64 when it is 0), combinational.
#[derive(LogicBlock, Default)]
pub struct Lzc64 {
    pub x: Signal<In, Bits<SIG_W>>,
    pub lz: Signal<Out, Bits<LZ_W>>,
    lz_hi: LeadingZeroCount32,
    lz_lo: LeadingZeroCount32,
}

impl Logic for Lzc64 {
    #[hdl_gen]
    fn update(&mut self) {
        self.lz_hi.x.next = self.x.val().get_bits::<32>(32);
        self.lz_lo.x.next = self.x.val().get_bits::<32>(0);
        self.lz.next = bit_cast::<LZ_W, 6>(self.lz_hi.count.val());
        if self.lz_hi.count.val().get_bit(5) {
            self.lz.next = bit_cast::<LZ_W, 6>(self.lz_lo.count.val()) + 32;
        }
    }
}
