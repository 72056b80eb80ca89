//! The input decode of the `fp64` unit: which datapath answers `in_op`, and
//! every control that datapath needs, resolved from the operation, the
//! explicit `rm`/`neg`/`abs` fields and MODE (the decisions of
//! [`op`](crate::fp64::op)). Combinational; the top registers nothing before
//! the datapaths, so this logic sits in front of their first phase.
//!
//! `in_op` codes are those of [`Fp64Op::code`](crate::fp64::Fp64Op::code);
//! `#[hdl_gen]` cannot read the Rust table, so the codes are literals here and
//! a test checks this block against [`expected`] for all 64 codes.

use rust_hdl::prelude::*;

/// Which datapath answers an operation.
pub mod path {
    /// fadd, fsub, fmul, ffma, fmin, fmax: the DFMA's value.
    pub const DFMA_VALUE: u64 = 0;
    /// The fourteen `cmp.<cc>.f64`: the DFMA's predicate ∧ exec.
    pub const DFMA_PRED: u64 = 1;
    /// fldexp, the roundings to integral, ffract, the six fcvt, frexp:
    /// [`Fp64Convert`](super::super::Fp64Convert).
    pub const CONVERT: u64 = 2;
    /// fsgnj, fsgnjn, fsgnjx, fclass, cmp.class: [`Fp64Bitops`](super::super::Fp64Bitops).
    pub const BITOPS: u64 = 3;
}

/// Decodes one operation.
#[derive(LogicBlock, Default)]
pub struct Fp64Decode {
    /// [`Fp64Op::code`](crate::fp64::Fp64Op::code).
    pub op: Signal<In, Bits<6>>,
    /// The explicit rm of ffma.f64 / fcvt.f32.f64.m (RISC-V code; 5, 6, 7 = DYN).
    pub rm: Signal<In, Bits<3>>,
    /// ffma.f64's masks (bit k−1 for source k).
    pub neg: Signal<In, Bits<3>>,
    pub abs: Signal<In, Bits<3>>,
    /// MODE.
    pub frm: Signal<In, Bits<3>>,
    pub frm64: Signal<In, Bits<3>>,
    pub daz32: Signal<In, Bit>,
    pub ftz32: Signal<In, Bit>,
    pub daz64: Signal<In, Bit>,
    pub ftz64: Signal<In, Bit>,
    /// [`path`].
    pub path: Signal<Out, Bits<2>>,
    /// DFMA opcode: 0 FMA, 1 ADD, 2 MUL, 3 MIN, 4 MAX, 5 SETP.
    pub dfma_op: Signal<Out, Bits<3>>,
    /// DFMA compare code (its `Cmp`: o = num 12, u = nan 13).
    pub dfma_cmp: Signal<Out, Bits<4>>,
    /// DFMA rounding code: 0 RN, 1 RM, 2 RP, 3 RZ, 4 RMM.
    pub dfma_rm: Signal<Out, Bits<3>>,
    pub dfma_neg: Signal<Out, Bits<3>>,
    pub dfma_abs: Signal<Out, Bits<3>>,
    /// Read the DFMA's binary64 operands with DAZ.
    pub dfma_daz: Signal<Out, Bit>,
    /// Flush a subnormal DFMA result (fadd, fsub, fmul, ffma under ftz64).
    pub dfma_ftz: Signal<Out, Bit>,
    /// The conversion block's rounding mode, RISC-V code 0..=4.
    pub cvt_rm: Signal<Out, Bits<3>>,
    /// The conversion block's input and output flush.
    pub cvt_daz: Signal<Out, Bit>,
    pub cvt_ftz: Signal<Out, Bit>,
    /// MODE's fields resolved: codes 5..7 read as RNE.
    frm_ok: Signal<Local, Bits<3>>,
    frm64_ok: Signal<Local, Bits<3>>,
    /// The explicit rm with DYN (and the reserved 5, 6) replaced.
    ffma_rm: Signal<Local, Bits<3>>,
    m_rm: Signal<Local, Bits<3>>,
    /// A `cmp.<cc>.f64` (codes 23..=36).
    is_cmp: Signal<Local, Bit>,
    /// The DFMA's rounding in RISC-V code.
    riscv_rm: Signal<Local, Bits<3>>,
}

impl Logic for Fp64Decode {
    #[hdl_gen]
    fn update(&mut self) {
        // MODE rounding fields: 5..7 are not modes; they read as RNE.
        self.frm_ok.next = self.frm.val();
        if self.frm.val().get_bit(2) & (self.frm.val().get_bits::<2>(0) != 0) {
            self.frm_ok.next = 0.into();
        }
        self.frm64_ok.next = self.frm64.val();
        if self.frm64.val().get_bit(2) & (self.frm64.val().get_bits::<2>(0) != 0) {
            self.frm64_ok.next = 0.into();
        }
        // Explicit rm: 5, 6, 7 take MODE's (DYN).
        self.ffma_rm.next = self.rm.val();
        self.m_rm.next = self.rm.val();
        if self.rm.val().get_bit(2) & (self.rm.val().get_bits::<2>(0) != 0) {
            self.ffma_rm.next = self.frm64_ok.val();
            self.m_rm.next = self.frm_ok.val();
        }

        // Defaults: the conversion path with MODE's 64-bit fields.
        self.path.next = 2.into();
        self.dfma_op.next = 1.into();
        self.dfma_cmp.next = 0.into();
        self.dfma_neg.next = 0.into();
        self.dfma_abs.next = 0.into();
        self.dfma_daz.next = self.daz64.val();
        self.dfma_ftz.next = false;
        self.riscv_rm.next = self.frm64_ok.val();
        self.cvt_rm.next = self.frm64_ok.val();
        self.cvt_daz.next = self.daz64.val();
        self.cvt_ftz.next = self.ftz64.val();

        // fadd 0, fsub 1, fmul 2, fmin 3, fmax 4, ffma 38.
        if self.op.val() == 0 {
            self.path.next = 0.into();
            self.dfma_ftz.next = self.ftz64.val();
        }
        if self.op.val() == 1 {
            self.path.next = 0.into();
            self.dfma_neg.next = 2.into();
            self.dfma_ftz.next = self.ftz64.val();
        }
        if self.op.val() == 2 {
            self.path.next = 0.into();
            self.dfma_op.next = 2.into();
            self.dfma_ftz.next = self.ftz64.val();
        }
        if self.op.val() == 3 {
            self.path.next = 0.into();
            self.dfma_op.next = 3.into();
        }
        if self.op.val() == 4 {
            self.path.next = 0.into();
            self.dfma_op.next = 4.into();
        }
        if self.op.val() == 38 {
            self.path.next = 0.into();
            self.dfma_op.next = 0.into();
            self.dfma_neg.next = self.neg.val();
            self.dfma_abs.next = self.abs.val();
            self.dfma_ftz.next = self.ftz64.val();
            self.riscv_rm.next = self.ffma_rm.val();
        }
        // fsgnj 5, fsgnjn 6, fsgnjx 7, fclass 9, cmp.class 37.
        if (self.op.val() == 5)
            | (self.op.val() == 6)
            | (self.op.val() == 7)
            | (self.op.val() == 9)
            | (self.op.val() == 37)
        {
            self.path.next = 3.into();
        }
        // cmp.<cc>.f64, 23..=36 in SPEC-G3's f5 order: eq ne lt le gt ge o u
        // equ neu ltu leu gtu geu. Compares never flush.
        // 23 = 0b010111, 24..=31 = 0b011xxx, 32..=36 = 0b100000..0b100100.
        self.is_cmp.next = (self.op.val() == 23)
            | (self.op.val().get_bits::<3>(3) == 3)
            | ((self.op.val().get_bits::<3>(3) == 4)
                & (!self.op.val().get_bit(2) | (self.op.val().get_bits::<2>(0) == 0)));
        if self.is_cmp.val() {
            self.path.next = 1.into();
            self.dfma_op.next = 5.into();
            self.dfma_daz.next = false;
        }
        if self.op.val() == 23 {
            self.dfma_cmp.next = 0.into();
        }
        if self.op.val() == 24 {
            self.dfma_cmp.next = 1.into();
        }
        if self.op.val() == 25 {
            self.dfma_cmp.next = 2.into();
        }
        if self.op.val() == 26 {
            self.dfma_cmp.next = 3.into();
        }
        if self.op.val() == 27 {
            self.dfma_cmp.next = 4.into();
        }
        if self.op.val() == 28 {
            self.dfma_cmp.next = 5.into();
        }
        if self.op.val() == 29 {
            self.dfma_cmp.next = 12.into();
        }
        if self.op.val() == 30 {
            self.dfma_cmp.next = 13.into();
        }
        if self.op.val() == 31 {
            self.dfma_cmp.next = 6.into();
        }
        if self.op.val() == 32 {
            self.dfma_cmp.next = 7.into();
        }
        if self.op.val() == 33 {
            self.dfma_cmp.next = 8.into();
        }
        if self.op.val() == 34 {
            self.dfma_cmp.next = 9.into();
        }
        if self.op.val() == 35 {
            self.dfma_cmp.next = 10.into();
        }
        if self.op.val() == 36 {
            self.dfma_cmp.next = 11.into();
        }
        // Conversions: fcvt.f64.f32 (15) reads a binary32 under daz32;
        // fcvt.f32.f64 (16) rounds in frm, fcvt.f32.f64.m (39) in its rm,
        // both flush their binary32 result under ftz32.
        if self.op.val() == 15 {
            self.cvt_daz.next = self.daz32.val();
        }
        if self.op.val() == 16 {
            self.cvt_rm.next = self.frm_ok.val();
            self.cvt_ftz.next = self.ftz32.val();
        }
        if self.op.val() == 39 {
            self.cvt_rm.next = self.m_rm.val();
            self.cvt_ftz.next = self.ftz32.val();
        }

        // RISC-V rm → the DFMA's code: RNE 0→0, RTZ 1→3, RDN 2→1, RUP 3→2, RMM 4→4.
        self.dfma_rm.next = self.riscv_rm.val();
        if self.riscv_rm.val() == 1 {
            self.dfma_rm.next = 3.into();
        }
        if self.riscv_rm.val() == 2 {
            self.dfma_rm.next = 1.into();
        }
        if self.riscv_rm.val() == 3 {
            self.dfma_rm.next = 2.into();
        }
    }
}

/// What [`Fp64Decode`] must answer, in plain Rust from the operation table:
/// `(path, dfma_op, dfma_cmp, dfma_rm, dfma_neg, dfma_abs, dfma_daz,
/// dfma_ftz, cvt_rm, cvt_daz, cvt_ftz)` for the fields that matter to the
/// path (the others are `None`).
#[cfg(test)]
pub(crate) fn expected(
    code: u32,
    rm: u8,
    neg: u8,
    abs: u8,
    mode: crate::fp::ieee::Mode,
) -> Vec<(&'static str, u64)> {
    use crate::fp::ieee::Rm;
    use crate::fp64::{Cc, Fp64Op};
    let Some(op) = Fp64Op::from_code(code) else {
        return vec![("path", path::CONVERT)];
    };
    let dyn_rm = |m: Rm| Rm::from_code(rm as u32).unwrap_or(m);
    let dfma_rm = |r: Rm| match r {
        Rm::Rne => 0,
        Rm::Rdn => 1,
        Rm::Rup => 2,
        Rm::Rtz => 3,
        Rm::Rmm => 4,
    };
    let value = |op_code: u64, rm: Rm, neg: u8, abs: u8, ftz: bool| {
        vec![
            ("path", path::DFMA_VALUE),
            ("dfma_op", op_code),
            ("dfma_rm", dfma_rm(rm)),
            ("dfma_neg", neg as u64),
            ("dfma_abs", abs as u64),
            ("dfma_daz", mode.daz64 as u64),
            ("dfma_ftz", ftz as u64),
        ]
    };
    let cvt = |rm: Rm, daz: bool, ftz: bool| {
        vec![
            ("path", path::CONVERT),
            ("cvt_rm", rm as u64),
            ("cvt_daz", daz as u64),
            ("cvt_ftz", ftz as u64),
        ]
    };
    match op {
        Fp64Op::Fadd => value(1, mode.frm64, 0, 0, mode.ftz64),
        Fp64Op::Fsub => value(1, mode.frm64, 2, 0, mode.ftz64),
        Fp64Op::Fmul => value(2, mode.frm64, 0, 0, mode.ftz64),
        Fp64Op::Fmin => value(3, mode.frm64, 0, 0, false),
        Fp64Op::Fmax => value(4, mode.frm64, 0, 0, false),
        Fp64Op::Ffma => value(0, dyn_rm(mode.frm64), neg, abs, mode.ftz64),
        Fp64Op::Fsgnj | Fp64Op::Fsgnjn | Fp64Op::Fsgnjx | Fp64Op::Fclass | Fp64Op::CmpClass => {
            vec![("path", path::BITOPS)]
        }
        Fp64Op::Cmp(cc) => {
            let code = match cc {
                Cc::O => 12,
                Cc::U => 13,
                Cc::Equ => 6,
                Cc::Neu => 7,
                Cc::Ltu => 8,
                Cc::Leu => 9,
                Cc::Gtu => 10,
                Cc::Geu => 11,
                other => other.index() as u64,
            };
            vec![
                ("path", path::DFMA_PRED),
                ("dfma_op", 5),
                ("dfma_cmp", code),
                ("dfma_daz", 0),
            ]
        }
        Fp64Op::CvtF64F32 => cvt(mode.frm64, mode.daz32, mode.ftz64),
        Fp64Op::CvtF32F64 => cvt(mode.frm, mode.daz64, mode.ftz32),
        Fp64Op::CvtF32F64M => cvt(dyn_rm(mode.frm), mode.daz64, mode.ftz32),
        _ => cvt(mode.frm64, mode.daz64, mode.ftz64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fp::ieee::{Mode, Rm};

    fn read(d: &Fp64Decode, name: &str) -> u64 {
        match name {
            "path" => d.path.val().index() as u64,
            "dfma_op" => d.dfma_op.val().index() as u64,
            "dfma_cmp" => d.dfma_cmp.val().index() as u64,
            "dfma_rm" => d.dfma_rm.val().index() as u64,
            "dfma_neg" => d.dfma_neg.val().index() as u64,
            "dfma_abs" => d.dfma_abs.val().index() as u64,
            "dfma_daz" => d.dfma_daz.val() as u64,
            "dfma_ftz" => d.dfma_ftz.val() as u64,
            "cvt_rm" => d.cvt_rm.val().index() as u64,
            "cvt_daz" => d.cvt_daz.val() as u64,
            "cvt_ftz" => d.cvt_ftz.val() as u64,
            _ => unreachable!("{name}"),
        }
    }

    /// Every code × every explicit rm × a spread of MODE settings (frm
    /// codes 5..7 included) against the table.
    #[test]
    fn decode_matches_the_operation_table() {
        let mut d = Fp64Decode::default();
        d.connect_all();
        let mut state = 0x1234_5678_9abc_def1u64;
        for code in 0..64u32 {
            for rm in 0..8u8 {
                for _ in 0..8 {
                    let r = crate::unit::xorshift(&mut state);
                    let (frm, frm64) = ((r & 7) as u8, ((r >> 3) & 7) as u8);
                    let mode = Mode {
                        frm: Rm::from_code(frm as u32).unwrap_or_default(),
                        frm64: Rm::from_code(frm64 as u32).unwrap_or_default(),
                        daz32: r >> 6 & 1 == 1,
                        ftz32: r >> 7 & 1 == 1,
                        daz64: r >> 8 & 1 == 1,
                        ftz64: r >> 9 & 1 == 1,
                    };
                    let (neg, abs) = (((r >> 10) & 7) as u8, ((r >> 13) & 7) as u8);
                    d.op.next = (code as u64).to_bits();
                    d.rm.next = (rm as u64).to_bits();
                    d.neg.next = (neg as u64).to_bits();
                    d.abs.next = (abs as u64).to_bits();
                    d.frm.next = (frm as u64).to_bits();
                    d.frm64.next = (frm64 as u64).to_bits();
                    d.daz32.next = mode.daz32;
                    d.ftz32.next = mode.ftz32;
                    d.daz64.next = mode.daz64;
                    d.ftz64.next = mode.ftz64;
                    for _ in 0..4 {
                        d.update_all();
                    }
                    for (name, want) in expected(code, rm, neg, abs, mode) {
                        assert_eq!(read(&d, name), want, "code {code} rm {rm} {name} {mode:?}");
                    }
                }
            }
        }
    }
}
