//! The `fp64` unit's exact bit operations (SPEC-G3 §2, §3): the three sign
//! injections, `fclass.f64` and `cmp.class.f64`. None of them flushes or
//! raises a flag; NaNs pass through the sign injections bit for bit.
//! Three combinational parts around the unit's front register and its
//! first side register: the class mask of `a` ([`Fp64Class`], its 52-bit
//! fraction test the deepest part) before the front register, the op's
//! selects and cmp.class's answer bit ([`Fp64Bitops`]) after it, the
//! 64-bit answer's pick ([`Fp64BitopsPick`]) after the first side
//! register; the top delays the answer to the unit's latency. (Measured:
//! in one piece before the front register, cmp.class's answer was one
//! seed's slowest path, 9.94 ns; its OR of the ten hits in the pick, behind
//! the first side register, 7.2–7.6 ns on f9c9806.)

use rust_hdl::prelude::*;

/// RISC-V's class mask of a binary64 (fclass.f64, cmp.class.f64).
#[derive(LogicBlock, Default)]
pub struct Fp64Class {
    pub a: Signal<In, Bits<64>>,
    /// RISC-V's 10-bit class mask of `a` (one bit set).
    pub class_mask: Signal<Out, Bits<10>>,
    exp_ones: Signal<Local, Bit>,
    exp_zero: Signal<Local, Bit>,
    frac_zero: Signal<Local, Bit>,
    quiet: Signal<Local, Bit>,
    neg: Signal<Local, Bit>,
}

impl Logic for Fp64Class {
    #[hdl_gen]
    fn update(&mut self) {
        self.exp_ones.next = self.a.val().get_bits::<11>(52) == 0x7ff;
        self.exp_zero.next = self.a.val().get_bits::<11>(52) == 0;
        self.frac_zero.next = self.a.val().get_bits::<52>(0) == 0;
        self.quiet.next = self.a.val().get_bit(51);
        self.neg.next = self.a.val().get_bit(63);
        // Bits 0..7: −∞, −normal, −subnormal, −0, +0, +subnormal, +normal, +∞;
        // 8 sNaN, 9 qNaN.
        self.class_mask.next = 0.into();
        if self.exp_ones.val() {
            if self.frac_zero.val() {
                if self.neg.val() {
                    self.class_mask.next = 0x001.into();
                } else {
                    self.class_mask.next = 0x080.into();
                }
            } else if self.quiet.val() {
                self.class_mask.next = 0x200.into();
            } else {
                self.class_mask.next = 0x100.into();
            }
        } else if self.exp_zero.val() {
            if self.frac_zero.val() {
                if self.neg.val() {
                    self.class_mask.next = 0x008.into();
                } else {
                    self.class_mask.next = 0x010.into();
                }
            } else if self.neg.val() {
                self.class_mask.next = 0x004.into();
            } else {
                self.class_mask.next = 0x020.into();
            }
        } else if self.neg.val() {
            self.class_mask.next = 0x002.into();
        } else {
            self.class_mask.next = 0x040.into();
        }
    }
}

/// fsgnj (5), fsgnjn (6), fsgnjx (7), fclass (9), cmp.class (37): the
/// decisions from the op, the sources and `a`'s class mask, behind the
/// front register. The 64-bit answer is picked a clock later by
/// [`Fp64BitopsPick`] from `a` (carried beside these bits) and these
/// selects, each answer bit one LUT from registers (measured: the whole
/// pick behind the front register, its op decode fanning out to 64 bits,
/// took 7.5–8.2 ns).
#[derive(LogicBlock, Default)]
pub struct Fp64Bitops {
    /// [`Fp64Op::code`](crate::fp64::Fp64Op::code).
    pub op: Signal<In, Bits<6>>,
    pub a: Signal<In, Bits<64>>,
    /// The second source: a binary64 (sign injections) or cmp.class's mask in bits 9:0.
    pub b: Signal<In, Bits<64>>,
    /// The lane's EXEC bit (cmp.class answers 0 on an inactive lane).
    pub exec: Signal<In, Bit>,
    /// [`Fp64Class::class_mask`] of `a`.
    pub class_mask: Signal<In, Bits<10>>,
    /// The answer's sign bit for the sign injections (0 for the others).
    pub sign: Signal<Out, Bit>,
    /// The answer's bits 62..0 are `a`'s (the sign injections).
    pub keep: Signal<Out, Bit>,
    /// The operation is fclass (the answer is the class mask).
    pub fclass: Signal<Out, Bit>,
    /// cmp.class's answer: the operation is cmp.class, EXEC is set and
    /// the class mask meets the mask in `b` (so the pick's bit 0 is one
    /// LUT from registers).
    pub hit: Signal<Out, Bit>,
    cmp_class: Signal<Local, Bit>,
    hits: Signal<Local, Bits<10>>,
}

impl Logic for Fp64Bitops {
    #[hdl_gen]
    fn update(&mut self) {
        self.hits.next = 0.into();
        if self.exec.val() {
            self.hits.next = self.class_mask.val() & self.b.val().get_bits::<10>(0);
        }
        self.cmp_class.next = self.op.val() == 37;
        self.hit.next = false;
        if self.cmp_class.val() & self.hits.val().any() {
            self.hit.next = true;
        }
        self.fclass.next = self.op.val() == 9;
        self.keep.next = (self.op.val() == 5) | (self.op.val() == 6) | (self.op.val() == 7);
        // fsgnj: b's sign; fsgnjn: its complement; fsgnjx: the XOR.
        self.sign.next = false;
        if self.op.val() == 5 {
            self.sign.next = self.b.val().get_bit(63);
        }
        if self.op.val() == 6 {
            self.sign.next = !self.b.val().get_bit(63);
        }
        if self.op.val() == 7 {
            self.sign.next = self.b.val().get_bit(63) ^ self.a.val().get_bit(63);
        }
    }
}

/// The bit operations' answer, a clock behind [`Fp64Bitops`], from `a`,
/// the class mask and its registered selects.
#[derive(LogicBlock, Default)]
pub struct Fp64BitopsPick {
    /// The operation's `a`.
    pub a: Signal<In, Bits<64>>,
    pub class_mask: Signal<In, Bits<10>>,
    pub sign: Signal<In, Bit>,
    pub keep: Signal<In, Bit>,
    pub fclass: Signal<In, Bit>,
    pub hit: Signal<In, Bit>,
    pub answer: Signal<Out, Bits<64>>,
}

impl Logic for Fp64BitopsPick {
    #[hdl_gen]
    fn update(&mut self) {
        self.answer.next = 0.into();
        if self.keep.val() {
            self.answer.next = self.a.val().replace_bit(63, self.sign.val());
        }
        if self.fclass.val() {
            self.answer.next = bit_cast::<64, 10>(self.class_mask.val());
        }
        if self.hit.val() {
            self.answer.next = 1.into();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fp::FloatFormat;

    /// RISC-V's class bit from the encoding's fields.
    fn class_of(x: u64) -> u64 {
        let f = FloatFormat::F64;
        let neg = x >> 63 == 1;
        let bit = if f.is_inf(x) {
            if neg {
                0
            } else {
                7
            }
        } else if f.is_nan(x) {
            if x >> 51 & 1 == 1 {
                9
            } else {
                8
            }
        } else if f.is_zero(x) {
            if neg {
                3
            } else {
                4
            }
        } else if f.is_subnormal(x) {
            if neg {
                2
            } else {
                5
            }
        } else if neg {
            1
        } else {
            6
        };
        1 << bit
    }

    #[test]
    fn sign_injections_and_classes_follow_the_bit_rules() {
        let mut u = Fp64Bitops::default();
        let mut c = Fp64Class::default();
        let mut k = Fp64BitopsPick::default();
        u.connect_all();
        c.connect_all();
        k.connect_all();
        let specials = [
            0u64,
            0x8000_0000_0000_0000,
            1,
            0x800f_ffff_ffff_ffff,
            0x0010_0000_0000_0000,
            0xffef_ffff_ffff_ffff,
            0x7ff0_0000_0000_0000,
            0xfff0_0000_0000_0000,
            0x7ff8_0000_0000_0001,
            0xfff0_0000_0000_0001,
            0x3ff0_0000_0000_0000,
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut operands: Vec<u64> = specials.to_vec();
        operands.extend((0..64).map(|_| crate::unit::xorshift(&mut state)));
        for &a in &operands {
            for &b in &operands {
                for (code, want) in [
                    (5u64, (a & !(1 << 63)) | (b & (1 << 63))),
                    (6, (a & !(1 << 63)) | (!b & (1 << 63))),
                    (7, a ^ (b & (1 << 63))),
                    (9, class_of(a)),
                    (37, (class_of(a) & b & 0x3ff != 0) as u64),
                ] {
                    c.a.next = a.to_bits();
                    c.update_all();
                    u.class_mask.next = c.class_mask.val();
                    u.op.next = code.to_bits();
                    u.a.next = a.to_bits();
                    u.b.next = b.to_bits();
                    u.exec.next = true;
                    for _ in 0..3 {
                        u.update_all();
                    }
                    k.a.next = a.to_bits();
                    k.class_mask.next = c.class_mask.val();
                    k.sign.next = u.sign.val();
                    k.keep.next = u.keep.val();
                    k.fclass.next = u.fclass.val();
                    k.hit.next = u.hit.val();
                    for _ in 0..3 {
                        k.update_all();
                    }
                    assert_eq!(
                        crate::unit::from_bits(k.answer.val()) as u64,
                        want,
                        "op {code} {a:016x} {b:016x}"
                    );
                }
                u.op.next = 37u64.to_bits();
                u.exec.next = false;
                for _ in 0..3 {
                    u.update_all();
                }
                k.sign.next = u.sign.val();
                k.keep.next = u.keep.val();
                k.fclass.next = u.fclass.val();
                k.hit.next = u.hit.val();
                for _ in 0..3 {
                    k.update_all();
                }
                assert_eq!(crate::unit::from_bits(k.answer.val()), 0, "inactive lane");
            }
        }
    }
}
