//! The approximations' operand side, three phases with a register after
//! each. [`PrepareDecode`], behind the input: the MUFU selector of the
//! operation, the operand's class bits in its own format, the subnormal's
//! fraction left-aligned for the counter and its nibbles' leading zeros,
//! the operand widened to binary32.
//! [`PrepareMove`]: the leading-zero count of a subnormal operand (the
//! nibbles merged), exp2's
//! operand in (−152, −126) moved up by 24, the class after `daz32` and
//! the NV/DZ flags from it. [`PrepareOperand`], before the front
//! register: a binary16 operand widened to binary32 (a subnormal one
//! normalised by the count), a subnormal binary32 operand of rsq/sqrt/log2
//! scaled by 2^24, the pick of the MUFU's operand (exp2's moved one
//! included). Mirrors
//! [`model::prepare`](crate::sfu::model::prepare) and
//! [`model::approx_flags`](crate::sfu::model::approx_flags).
//!
//! (Measured 2026-12-02 on ECP5-85k, seed 1: with the count and exp2's
//! move in the first phase, the input → the counter's input multiplexer →
//! the 32-bit count took 8.78 ns, the move's compares 7.82 ns.)

use super::OP_W;
use crate::hw::lzc::{LzcMergeNibbles32, LzcNibbles32};
use rust_hdl::prelude::*;

/// What the exponent of the MUFU's result is moved by ([`PrepareOperand::adj`]).
pub mod adjust {
    /// Nothing.
    pub const NONE: u64 = 0;
    /// +12: rsq of a scaled subnormal.
    pub const PLUS_12: u64 = 1;
    /// −12: sqrt of a scaled subnormal.
    pub const MINUS_12: u64 = 2;
    /// −24: exp2 of an operand moved up by 24.
    pub const MINUS_24: u64 = 3;
}

// `#[hdl_gen]` cannot read a constant: the codes are literals there.
const _: () = assert!(
    adjust::NONE == 0 && adjust::PLUS_12 == 1 && adjust::MINUS_12 == 2 && adjust::MINUS_24 == 3
);

/// Phase 1 (combinational): decode, classes, flags, the counter's input,
/// the operand widened.
#[derive(LogicBlock, Default)]
pub struct PrepareDecode {
    /// [`SfuOp::code`](crate::sfu::model::SfuOp::code): 1..=6 the binary32
    /// approximations, 16..=22 the binary16 ones (low three bits: rcp rsq
    /// sqrt exp2 log2 sin cos).
    pub op: Signal<In, Bits<OP_W>>,
    /// The operand (binary16 in bits 15:0).
    pub a: Signal<In, Bits<32>>,
    /// MODE.daz32.
    pub daz: Signal<In, Bit>,
    /// The MUFU selector (15 for a code that is not an approximation: the
    /// MUFU answers its canonical NaN).
    pub func: Signal<Out, Bits<4>>,
    /// The result is binary16.
    pub f16: Signal<Out, Bit>,
    /// rsq, sqrt, log2: a subnormal binary32 operand is scaled.
    pub scales: Signal<Out, Bit>,
    /// The operand's class bits in its own format (before `daz32`): the
    /// sign, the exponent field all ones / all zeros, the fraction zero,
    /// the quiet bit ([`PrepareMove`] forms the class and the flags).
    pub sign: Signal<Out, Bit>,
    pub emax: Signal<Out, Bit>,
    pub emin: Signal<Out, Bit>,
    pub frac0: Signal<Out, Bit>,
    pub quiet: Signal<Out, Bit>,
    /// sin, cos: an infinity is invalid.
    pub trig: Signal<Out, Bit>,
    /// rcp, rsq, log2: a zero divides by zero.
    pub dz_op: Signal<Out, Bit>,
    /// The counter's input: a binary16 subnormal's 10 bits (as bits
    /// 31..22) or a binary32 subnormal's 23 (as bits 31..9).
    pub lz_in: Signal<Out, Bits<32>>,
    /// The count's first level: per nibble `k` of `lz_in`, whether it holds
    /// a one (`lz_has` bit `k`) and its own leading zeros (`lz_cnt` bits
    /// `2k + 1 .. 2k`); [`PrepareMove`] merges them a clock later (since
    /// 2026-12-04: the whole 32-bit count in phase 2 led it at 6.4–7.0 ns
    /// into `count`).
    pub lz_has: Signal<Out, Bits<8>>,
    pub lz_cnt: Signal<Out, Bits<16>>,
    /// The operand as binary32 without the binary16 subnormal case (never
    /// in exp2's moved range).
    pub wn: Signal<Out, Bits<32>>,
    /// exp2.
    pub ex2: Signal<Out, Bit>,
    fidx: Signal<Local, Bits<3>>,
    is_rcp: Signal<Local, Bit>,
    nibbles: LzcNibbles32,
    is_rsq: Signal<Local, Bit>,
    is_sqrt: Signal<Local, Bit>,
    is_lg2: Signal<Local, Bit>,
    h_e: Signal<Local, Bits<5>>,
    h_m: Signal<Local, Bits<10>>,
}

impl Logic for PrepareDecode {
    #[hdl_gen]
    fn update(&mut self) {
        // ---- which function ----
        self.f16.next = self.op.val().get_bit(4);
        self.fidx.next = self.op.val().get_bits::<3>(0);
        self.is_rcp.next = self.fidx.val() == 0;
        self.is_rsq.next = self.fidx.val() == 1;
        self.is_sqrt.next = self.fidx.val() == 2;
        self.is_lg2.next = self.fidx.val() == 4;
        self.trig.next = (self.fidx.val() == 5) | (self.fidx.val() == 6);
        self.dz_op.next = self.is_rcp.val() | self.is_rsq.val() | self.is_lg2.val();
        self.scales.next = self.is_rsq.val() | self.is_sqrt.val() | self.is_lg2.val();
        self.func.next = 15.into();
        if self.is_rcp.val() {
            self.func.next = 4.into();
        }
        if self.is_rsq.val() {
            self.func.next = 5.into();
        }
        if self.is_sqrt.val() {
            self.func.next = 8.into();
        }
        if self.fidx.val() == 3 {
            self.func.next = 2.into();
        }
        if self.is_lg2.val() {
            self.func.next = 3.into();
        }
        if self.fidx.val() == 5 {
            self.func.next = 1.into();
        }
        if self.fidx.val() == 6 {
            self.func.next = 0.into();
        }

        // ---- the operand's class bits in its own format ----
        self.h_e.next = self.a.val().get_bits::<5>(10);
        self.h_m.next = self.a.val().get_bits::<10>(0);
        self.sign.next = self.a.val().get_bit(31);
        self.emax.next = self.a.val().get_bits::<8>(23).all();
        self.emin.next = !self.a.val().get_bits::<8>(23).any();
        self.frac0.next = !self.a.val().get_bits::<23>(0).any();
        self.quiet.next = self.a.val().get_bit(22);
        if self.f16.val() {
            self.sign.next = self.a.val().get_bit(15);
            self.emax.next = self.h_e.val().all();
            self.emin.next = !self.h_e.val().any();
            self.frac0.next = !self.h_m.val().any();
            self.quiet.next = self.a.val().get_bit(9);
        }

        // ---- the counter's input, the operand widened ----
        self.lz_in.next = bit_cast::<32, 23>(self.a.val().get_bits::<23>(0)) << 9;
        if self.f16.val() {
            self.lz_in.next = bit_cast::<32, 10>(self.h_m.val()) << 22;
        }
        self.nibbles.x.next = self.lz_in.val();
        self.lz_has.next = self.nibbles.nib_has.val();
        self.lz_cnt.next = self.nibbles.nib_count.val();
        self.ex2.next = self.fidx.val() == 3;
        self.wn.next = self.a.val();
        if self.f16.val() {
            self.wn.next = (bit_cast::<32, 1>(self.a.val().get_bits::<1>(15)) << 31)
                | (bit_cast::<32, 10>(self.h_m.val()) << 13)
                | (bit_cast::<32, 8>(bit_cast::<8, 5>(self.h_e.val()) + 112) << 23);
            if self.emin.val() {
                self.wn.next = 0.into();
            }
        }
    }
}

/// Phase 2 (combinational): the subnormal's leading zeros, exp2's move,
/// and every part of the MUFU's operand that does not wait for the count.
#[derive(LogicBlock, Default)]
pub struct PrepareMove {
    /// [`PrepareDecode`]'s outputs and the operand, a clock later.
    pub a: Signal<In, Bits<32>>,
    pub daz: Signal<In, Bit>,
    pub f16: Signal<In, Bit>,
    pub scales: Signal<In, Bit>,
    pub sign: Signal<In, Bit>,
    pub emax: Signal<In, Bit>,
    pub emin: Signal<In, Bit>,
    pub frac0: Signal<In, Bit>,
    pub quiet: Signal<In, Bit>,
    pub trig: Signal<In, Bit>,
    pub dz_op: Signal<In, Bit>,
    /// [`PrepareDecode`]'s nibble flags and counts of its `lz_in`.
    pub lz_has: Signal<In, Bits<8>>,
    pub lz_cnt: Signal<In, Bits<16>>,
    pub wn: Signal<In, Bits<32>>,
    pub ex2: Signal<In, Bit>,
    /// The leading zeros of `lz_in` (32 when it is 0).
    pub count: Signal<Out, Bits<6>>,
    /// exp2's operand is moved (the MUFU's operand is then `moved`).
    pub ex2_move: Signal<Out, Bit>,
    /// exp2's moved operand's fraction (sign and exponent field: −2^6).
    pub moved: Signal<Out, Bits<23>>,
    /// The MUFU's operand unless it is normalised by the count or moved:
    /// the operand widened (binary16) and flushed (daz32).
    pub w: Signal<Out, Bits<32>>,
    /// The MUFU's operand is normalised by the count: a binary16 subnormal
    /// (`norm_h`) or a scaled binary32 subnormal of rsq/sqrt/log2 (`scaled`),
    /// `by_count` either.
    pub norm_h: Signal<Out, Bit>,
    pub scaled: Signal<Out, Bit>,
    pub by_count: Signal<Out, Bit>,
    /// NV DZ OF UF NX (only NV and DZ can be set).
    pub flags: Signal<Out, Bits<5>>,
    /// The normalised operand's sign.
    pub norm_sign: Signal<Out, Bit>,
    merge: LzcMergeNibbles32,
    magn: Signal<Local, Bits<31>>,
    fixed: Signal<Local, Bits<25>>,
    shifted_24: Signal<Local, Bits<25>>,
    h_e: Signal<Local, Bits<5>>,
    h_m: Signal<Local, Bits<10>>,
    /// The class in the operand's own format, after daz32.
    zero: Signal<Local, Bit>,
    nan: Signal<Local, Bit>,
    /// A binary32 subnormal read as a value (a binary16 never widens to one).
    sub: Signal<Local, Bit>,
    nv: Signal<Local, Bit>,
    dz: Signal<Local, Bit>,
}

impl Logic for PrepareMove {
    #[hdl_gen]
    fn update(&mut self) {
        // (the counter's input assigned once: a glitch on a sub-block's
        // input loops through this block in an event-driven simulator)
        self.merge.nib_has.next = self.lz_has.val();
        self.merge.nib_count.next = self.lz_cnt.val();
        self.count.next = self.merge.count.val();

        // ---- exp2's move: |x| − 24 in 8.17 fixed point ----
        self.magn.next = self.wn.val().get_bits::<31>(0);
        self.fixed.next = bit_cast::<25, 24>(
            bit_cast::<24, 23>(self.wn.val().get_bits::<23>(0)) | bits::<24>(0x80_0000),
        );
        if self.wn.val().get_bits::<8>(23) == 134 {
            self.fixed.next = bit_cast::<25, 24>(
                bit_cast::<24, 23>(self.wn.val().get_bits::<23>(0)) | bits::<24>(0x80_0000),
            ) << 1;
        }
        self.shifted_24.next = self.fixed.val() - bits::<25>(0x30_0000);
        self.moved.next = self.shifted_24.val().get_bits::<23>(0);
        self.ex2_move.next = self.ex2.val()
            & self.wn.val().get_bit(31)
            & (self.magn.val() > bits::<31>(0x42fc_0000))
            & (self.magn.val() < bits::<31>(0x4318_0000));

        // ---- widen (binary16) and flush (daz32), but for the subnormal
        // binary16 operand normalised in phase 3 ----
        self.h_e.next = self.a.val().get_bits::<5>(10);
        self.h_m.next = self.a.val().get_bits::<10>(0);
        self.w.next = self.a.val();
        if (!self.a.val().get_bits::<8>(23).any()) & self.daz.val() {
            self.w.next = self.a.val() & bits::<32>(0x8000_0000_u64);
        }
        if self.f16.val() {
            self.w.next = (bit_cast::<32, 1>(self.a.val().get_bits::<1>(15)) << 31)
                | (bit_cast::<32, 10>(self.h_m.val()) << 13)
                | (bit_cast::<32, 8>(bit_cast::<8, 5>(self.h_e.val()) + 112) << 23);
            if self.h_e.val().all() {
                self.w.next = (bit_cast::<32, 1>(self.a.val().get_bits::<1>(15)) << 31)
                    | (bit_cast::<32, 10>(self.h_m.val()) << 13)
                    | bits::<32>(0x7f80_0000);
            }
            if !self.h_e.val().any() {
                // ±0 (a zero, or a subnormal under daz32)
                self.w.next = bit_cast::<32, 1>(self.a.val().get_bits::<1>(15)) << 31;
            }
        }
        self.norm_h.next =
            self.f16.val() & (!self.h_e.val().any()) & self.h_m.val().any() & !self.daz.val();
        self.sub.next = (!self.f16.val()) & self.emin.val() & !self.frac0.val() & !self.daz.val();
        self.scaled.next = self.sub.val() & self.scales.val();
        self.by_count.next = self.norm_h.val() | self.scaled.val();
        self.norm_sign.next = self.a.val().get_bit(31);
        if self.f16.val() {
            self.norm_sign.next = self.a.val().get_bit(15);
        }

        // ---- NV, DZ from the class bits registered after phase 1 ----
        self.zero.next = self.emin.val() & (self.frac0.val() | self.daz.val());
        self.nan.next = self.emax.val() & !self.frac0.val();
        self.nv.next = (self.nan.val() & !self.quiet.val())
            | (self.trig.val() & self.emax.val() & self.frac0.val())
            | (self.scales.val() & self.sign.val() & !self.zero.val() & !self.nan.val());
        self.dz.next = self.zero.val() & self.dz_op.val();
        // (exclusive: DZ needs a zero, NV a NaN or a non-zero operand)
        self.flags.next = 0.into();
        if self.nv.val() {
            self.flags.next = 0x10.into();
        }
        if self.dz.val() {
            self.flags.next = 0x08.into();
        }
    }
}

/// Phase 3 (combinational): the MUFU's operand, normalised by the count
/// where it is a subnormal.
#[derive(LogicBlock, Default)]
pub struct PrepareOperand {
    /// [`PrepareDecode`]'s and [`PrepareMove`]'s outputs, a clock later.
    pub func: Signal<In, Bits<4>>,
    pub lz_in: Signal<In, Bits<32>>,
    pub count: Signal<In, Bits<6>>,
    pub ex2_move: Signal<In, Bit>,
    pub moved: Signal<In, Bits<23>>,
    pub w: Signal<In, Bits<32>>,
    pub norm_h: Signal<In, Bit>,
    pub scaled: Signal<In, Bit>,
    pub by_count: Signal<In, Bit>,
    pub norm_sign: Signal<In, Bit>,
    /// The MUFU's operand.
    pub x: Signal<Out, Bits<32>>,
    /// [`adjust`].
    pub adj: Signal<Out, Bits<2>>,
    /// log2 of a scaled subnormal: 24 comes off the result.
    pub log2: Signal<Out, Bit>,
    norm: Signal<Local, Bits<32>>,
    /// The normalised operand's biased exponent: 112 − lz (binary16, m ·
    /// 2^-24) or 24 − lz (binary32, m · 2^-149 · 2^24).
    nexp: Signal<Local, Bits<8>>,
}

impl Logic for PrepareOperand {
    #[hdl_gen]
    fn update(&mut self) {
        // ---- one shift by the count: a binary16 subnormal's 10 bits, or a
        // binary32 subnormal's 23, leading one to bit 31 ----
        self.norm.next = self.lz_in.val() << self.count.val();
        self.nexp.next = bits::<8>(24) - bit_cast::<8, 6>(self.count.val());
        if self.norm_h.val() {
            self.nexp.next = bits::<8>(112) - bit_cast::<8, 6>(self.count.val());
        }

        // ---- the operand (a binary16's fraction bits 12..0 are `norm`'s
        // zeros) and the result's adjustment ----
        // (exclusive: exp2 never scales, and a binary16 subnormal is
        // never in exp2's moved range)
        self.x.next = self.w.val();
        if self.ex2_move.val() {
            self.x.next = bit_cast::<32, 23>(self.moved.val()) | bits::<32>(0xc280_0000_u64);
        }
        if self.by_count.val() {
            self.x.next = (bit_cast::<32, 8>(self.nexp.val()) << 23)
                | bit_cast::<32, 23>(self.norm.val().get_bits::<23>(8));
            if self.norm_sign.val() {
                self.x.next = self.x.val() | bits::<32>(0x8000_0000_u64);
            }
        }
        self.adj.next = 0.into() /* NONE */;
        self.log2.next = false;
        if self.scaled.val() {
            // rsq 5: +12; sqrt 8: −12; log2 3: −24 off the value.
            if self.func.val() == 5 {
                self.adj.next = 1.into() /* PLUS_12 */;
            }
            if self.func.val() == 8 {
                self.adj.next = 2.into() /* MINUS_12 */;
            }
            self.log2.next = self.func.val() == 3;
        }
        if self.ex2_move.val() {
            self.adj.next = 3.into() /* MINUS_24 */;
        }
    }
}
