//! The fp64 unit's conversion and rounding datapath (SPEC-G3 §1, §2, §4):
//! fldexp.f64, ffloor/fceil/ftrunc/frndne.f64, ffract.f64, frexp.mant.f64,
//! frexp.exp.f64, fcvt.f64.f32, fcvt.f32.f64, fcvt.f32.f64.m,
//! fcvt.i32.f64, fcvt.u32.f64, fcvt.f64.i32, fcvt.f64.u32 — bit-exact
//! results and RISC-V flags, canonical NaNs, the five rounding modes,
//! DAZ/FTZ as resolved by the unit's top ([`crate::fp64::op`]'s MODE
//! decisions). Fifteen phases, a register after each
//! ([`CONVERT_LATENCY`] clocks), one operation per clock.
//!
//! # Ports
//! `op` is [`Fp64Op::code`](crate::fp64::Fp64Op::code) (outputs are
//! don't-care for the other 25 operations); `a` is s1, right-aligned
//! (binary32 and 32-bit integer sources in `a[31:0]`); `b` fldexp's int32;
//! `rm` the resolved mode (RISC-V code 0..4: frm64 for fldexp/ffract, frm
//! for fcvt.f32.f64, the explicit rm for .m); `daz`/`ftz` the resolved
//! flushes of the op's input and result widths. `result` is right-aligned
//! (32-bit results zero-extended), `flags` NV DZ OF UF NX.
//!
//! # Datapath
//! One rounder serves every op that produces a rounded or converted value:
//! each source becomes `sig · 2^(ebase − EOFF)` (64-bit significand), is
//! normalised, shifted right to the destination's LSB (binary64,
//! binary32, or an integer's 2^0) with round, next and sticky bits, rounded
//! in the mode, and packed. Round-to-integral works on the encoding itself
//! and answers in phase 5; special operands are answered in phase 2; both
//! ride in [`Ctl`] as a forced answer to phase 15.
//!
//! | phase | block | does |
//! |---|---|---|
//! | 1 | [`Unpack`] | decode; fields and class (DAZ); an int32's magnitude (32-bit chain); fldexp's exponent saturated |
//! | 2 | [`unpack::Source`] | `sig`, `ebase` (fldexp: + s2, a 14-bit add); special answers; `f = 52 − e` |
//! | 3 | [`FrndMask`] | fraction masks from `f`; `−hm` (53-bit chain); ffract's right shift by 32/16 |
//! | 4 | [`FrndRound`] | round/sticky/LSB reductions; cleared encoding + unit (64-bit chain); ffract's shift by 8/4/2/1 |
//! | 5 | [`FrndInc`] | round-to-integral's answer; ffract's source (`1 − |a|`: 56-bit chain) |
//! | 6 | [`Lzc64`], [`RintPick`] | leading zeros of `sig`; round-to-integral's incremented answer picked |
//! | 7 | [`NormCoarse`] | left shift by 32/16/8; `e = ebase + 63 − lz`; the destination's constants |
//! | 8 | [`NormFine`] | left shift by 4/2/1; the destination's [`Terms`]; frexp |
//! | 9 | [`AlignCoarse`] | right shift by 64/32/16 with sticky |
//! | 10 | [`AlignFine`] | right shift by 8/4/2/1: kept, round, next, sticky |
//! | 11 | [`Decide`] | increment in the mode; inexact; tininess after rounding |
//! | 12 | [`Increment`] | kept + up (64-bit chain); int32/uint32 value and range |
//! | 13 | [`Pack`] | exponent field (14-bit add) and encoding; overflow; subnormal |
//! | 14 | [`Final`] | overflow answer, FTZ, flags; integer saturation |
//! | 15 | [`Merge`] | forced answer or the rounder's; ffract's clamp |
//!
//! Reuse: the leading-zero count is [`crate::hw::lzc`]'s, the mode's
//! decision the DIVSQRT's [`RoundUp`](crate::divsqrt::rtl::round::RoundUp),
//! the registers [`Boundary`]. The XMU's phases (FRND, align, round) are
//! not reused: they read the XMU's 15-bit control word and its NVIDIA
//! rules (no RMM, no flags, NaN payloads kept), and teaching them the
//! RISC-V rules would change the XMU's exported Verilog; the rules they
//! embody (FRND on the encoding, the exponent field as `base + carry`) are
//! followed here.

pub mod frnd;
pub mod normalise;
pub mod round;
pub mod stages;
pub mod unpack;

pub use frnd::{FrndInc, FrndMask, FrndRound, RintPick};
pub use normalise::{NormCoarse, NormFine};
pub use round::{AlignCoarse, AlignFine, Decide, Final, Increment, Merge, Pack};
pub use stages::*;
pub use unpack::{ConvertDecode, Unpack};

use crate::hw::boundary::Boundary;
use crate::hw::lzc::Lzc64;
use rust_hdl::prelude::*;

/// Clocks from the inputs to `result`/`flags`.
pub const CONVERT_LATENCY: usize = 15;
/// Width of the offset exponents `e + EOFF`: e from −5170 (fldexp's
/// saturated −4096 below a subnormal's 2^−1074) to 5118 (+4095 above 1023).
pub const EXP_W: usize = 14;
/// Offset added to every exponent.
pub const EOFF: i32 = 8192;
/// Width of the flags (NV DZ OF UF NX).
pub const FLAGS_W: usize = 5;

// The literals inside the phases' `#[hdl_gen]` code assume these values.
const _: () = assert!(EOFF == 8192 && EXP_W == 14 && CONVERT_LATENCY == 15);

/// The conversion block of the fp64 unit, stand-alone: [`ConvertDecode`]
/// in front of [`Fp64ConvertCore`] (the unit registers the decode in its
/// front register and uses the core).
#[derive(LogicBlock)]
pub struct Fp64Convert {
    /// Rising-edge clock.
    pub clock: Signal<In, Clock>,
    /// [`Fp64Op::code`](crate::fp64::Fp64Op::code).
    pub op: Signal<In, Bits<6>>,
    /// s1, right-aligned.
    pub a: Signal<In, Bits<64>>,
    /// fldexp's int32 exponent.
    pub b: Signal<In, Bits<32>>,
    /// Resolved rounding mode, RISC-V code 0..4 (ignored by fixed-direction ops).
    pub rm: Signal<In, Bits<3>>,
    /// Input flush of this op's source width.
    pub daz: Signal<In, Bit>,
    /// Output flush of this op's result width.
    pub ftz: Signal<In, Bit>,
    /// Result of the op presented [`CONVERT_LATENCY`] clocks ago, right-aligned.
    pub result: Signal<Out, Bits<64>>,
    /// Its flags, NV DZ OF UF NX.
    pub flags: Signal<Out, Bits<FLAGS_W>>,
    pub decode: ConvertDecode,
    pub core: Fp64ConvertCore,
}

impl Default for Fp64Convert {
    fn default() -> Self {
        Self::new(CONVERT_LATENCY)
    }
}

impl Fp64Convert {
    /// The block with `depth` registers, as [`Fp64ConvertCore::new`].
    pub fn new(depth: usize) -> Self {
        Self {
            clock: Default::default(),
            op: Default::default(),
            a: Default::default(),
            b: Default::default(),
            rm: Default::default(),
            daz: Default::default(),
            ftz: Default::default(),
            result: Default::default(),
            flags: Default::default(),
            decode: Default::default(),
            core: Fp64ConvertCore::new(depth),
        }
    }
}

impl Logic for Fp64Convert {
    #[hdl_gen]
    fn update(&mut self) {
        self.core.clock.next = self.clock.val();
        self.decode.op.next = self.op.val();
        self.core.dec.next = self.decode.dec.val();
        self.core.a.next = self.a.val();
        self.core.b.next = self.b.val();
        self.core.rm.next = self.rm.val();
        self.core.daz.next = self.daz.val();
        self.core.ftz.next = self.ftz.val();
        self.result.next = self.core.result.val();
        self.flags.next = self.core.flags.val();
    }
}

/// The conversion datapath's fifteen phases, from the decoded operation.
#[derive(LogicBlock)]
pub struct Fp64ConvertCore {
    /// Rising-edge clock.
    pub clock: Signal<In, Clock>,
    /// The operation, decoded ([`ConvertDecode`]).
    pub dec: Signal<In, CvtDec>,
    /// s1, right-aligned.
    pub a: Signal<In, Bits<64>>,
    /// fldexp's int32 exponent.
    pub b: Signal<In, Bits<32>>,
    /// Resolved rounding mode, RISC-V code 0..4 (ignored by fixed-direction ops).
    pub rm: Signal<In, Bits<3>>,
    /// Input flush of this op's source width.
    pub daz: Signal<In, Bit>,
    /// Output flush of this op's result width.
    pub ftz: Signal<In, Bit>,
    /// Result of the op presented [`CONVERT_LATENCY`] clocks ago, right-aligned.
    pub result: Signal<Out, Bits<64>>,
    /// Its flags, NV DZ OF UF NX.
    pub flags: Signal<Out, Bits<FLAGS_W>>,

    /// Phases, by number.
    pub unpack: Unpack,
    pub source: unpack::Source,
    pub frnd_mask: FrndMask,
    pub frnd_round: FrndRound,
    pub frnd_inc: FrndInc,
    pub lzc: Lzc64,
    pub rint_pick: RintPick,
    pub norm_coarse: NormCoarse,
    pub norm_fine: NormFine,
    pub align_coarse: AlignCoarse,
    pub align_fine: AlignFine,
    pub decide: Decide,
    pub increment: Increment,
    pub pack: Pack,
    pub fin: Final,
    pub merge: Merge,

    /// Boundary `k` (after phase `k`) carries `ctl[k − 1]` (k ≤ 14) and `sK`;
    /// the destination's terms ride boundaries 8–12 (`t[k − 8]`).
    pub ctl: [Boundary<Ctl>; 14],
    pub s1: Boundary<Stage1>,
    pub s2: Boundary<Stage2>,
    pub s3: Boundary<Stage3>,
    pub s4: Boundary<Stage4>,
    pub s5: Boundary<stages::Source>,
    pub s6: Boundary<stages::Source>,
    pub s7: Boundary<Stage7>,
    pub s8: Boundary<Stage8>,
    pub s9: Boundary<Stage9>,
    pub s10: Boundary<Stage10>,
    pub s11: Boundary<Stage11>,
    pub s12: Boundary<Stage12>,
    pub s13: Boundary<Stage13>,
    pub s14: Boundary<Rounded>,
    pub t: [Boundary<Terms>; 5],
    pub s15: Boundary<Answer>,
}

impl Default for Fp64ConvertCore {
    fn default() -> Self {
        Self::new(CONVERT_LATENCY)
    }
}

impl Fp64ConvertCore {
    /// The block with `depth` registers (1..=[`CONVERT_LATENCY`]) among its
    /// 15 phase boundaries, spread evenly (`hw::boundary::balanced_plan`
    /// over equal phase weights; the last boundary is always a register).
    /// The unit uses 15; shallower blocks are the same logic with wires in
    /// place of registers, for the `fp64_d<N>` variants the formal proof
    /// fits on.
    pub fn new(depth: usize) -> Self {
        let plan = crate::hw::boundary::balanced_plan(&[1.0; CONVERT_LATENCY], depth);
        Self {
            clock: Default::default(),
            dec: Default::default(),
            a: Default::default(),
            b: Default::default(),
            rm: Default::default(),
            daz: Default::default(),
            ftz: Default::default(),
            result: Default::default(),
            flags: Default::default(),
            unpack: Default::default(),
            source: Default::default(),
            frnd_mask: Default::default(),
            frnd_round: Default::default(),
            frnd_inc: Default::default(),
            lzc: Default::default(),
            rint_pick: Default::default(),
            norm_coarse: Default::default(),
            norm_fine: Default::default(),
            align_coarse: Default::default(),
            align_fine: Default::default(),
            decide: Default::default(),
            increment: Default::default(),
            pack: Default::default(),
            fin: Default::default(),
            merge: Default::default(),
            ctl: std::array::from_fn(|k| Boundary::new(plan[k])),
            s1: Boundary::new(plan[0]),
            s2: Boundary::new(plan[1]),
            s3: Boundary::new(plan[2]),
            s4: Boundary::new(plan[3]),
            s5: Boundary::new(plan[4]),
            s6: Boundary::new(plan[5]),
            s7: Boundary::new(plan[6]),
            s8: Boundary::new(plan[7]),
            s9: Boundary::new(plan[8]),
            s10: Boundary::new(plan[9]),
            s11: Boundary::new(plan[10]),
            s12: Boundary::new(plan[11]),
            s13: Boundary::new(plan[12]),
            s14: Boundary::new(plan[13]),
            t: std::array::from_fn(|j| Boundary::new(plan[7 + j])),
            s15: Boundary::new(plan[14]),
        }
    }
}

impl Logic for Fp64ConvertCore {
    #[hdl_gen]
    fn update(&mut self) {
        for k in 0..14 {
            self.ctl[k].clock.next = self.clock.val();
        }
        for k in 0..5 {
            self.t[k].clock.next = self.clock.val();
        }
        self.s1.clock.next = self.clock.val();
        self.s2.clock.next = self.clock.val();
        self.s3.clock.next = self.clock.val();
        self.s4.clock.next = self.clock.val();
        self.s5.clock.next = self.clock.val();
        self.s6.clock.next = self.clock.val();
        self.s7.clock.next = self.clock.val();
        self.s8.clock.next = self.clock.val();
        self.s9.clock.next = self.clock.val();
        self.s10.clock.next = self.clock.val();
        self.s11.clock.next = self.clock.val();
        self.s12.clock.next = self.clock.val();
        self.s13.clock.next = self.clock.val();
        self.s14.clock.next = self.clock.val();
        self.s15.clock.next = self.clock.val();
        // The control word moves one boundary per phase unless a phase rewrites it.
        for k in 1..5 {
            self.ctl[k].d.next = self.ctl[k - 1].q.val();
        }
        for k in 6..14 {
            self.ctl[k].d.next = self.ctl[k - 1].q.val();
        }
        for k in 1..5 {
            self.t[k].d.next = self.t[k - 1].q.val();
        }

        // ---- phase 1 ----
        self.unpack.dec.next = self.dec.val();
        self.unpack.a.next = self.a.val();
        self.unpack.b.next = self.b.val();
        self.unpack.rm.next = self.rm.val();
        self.unpack.daz.next = self.daz.val();
        self.unpack.ftz.next = self.ftz.val();
        self.ctl[0].d.next = self.unpack.ctl.val();
        self.s1.d.next = self.unpack.s1.val();

        // ---- phase 2 ----
        self.source.ctl_in.next = self.ctl[0].q.val();
        self.source.s1.next = self.s1.q.val();
        self.ctl[1].d.next = self.source.ctl.val();
        self.s2.d.next = self.source.s2.val();

        // ---- phases 3–5 ----
        self.frnd_mask.s2.next = self.s2.q.val();
        self.s3.d.next = self.frnd_mask.s3.val();
        self.frnd_round.s3.next = self.s3.q.val();
        self.s4.d.next = self.frnd_round.s4.val();
        self.frnd_inc.ctl_in.next = self.ctl[3].q.val();
        self.frnd_inc.s4.next = self.s4.q.val();
        self.ctl[4].d.next = self.frnd_inc.ctl.val();
        self.s5.d.next = self.frnd_inc.src.val();

        // ---- phase 6 ----
        self.lzc.x.next = self.s5.q.val().sig;
        self.s6.d.next = self.s5.q.val();
        self.s6.d.next.lz = self.lzc.count.val();
        self.s6.d.next.rint_up = 0.into();
        self.s6.d.next.rint_sel = false;
        self.rint_pick.ctl_in.next = self.ctl[4].q.val();
        self.rint_pick.rint_up.next = self.s5.q.val().rint_up;
        self.rint_pick.rint_sel.next = self.s5.q.val().rint_sel;
        self.ctl[5].d.next = self.rint_pick.ctl.val();

        // ---- phases 7–8 ----
        self.norm_coarse.ctl.next = self.ctl[5].q.val();
        self.norm_coarse.src.next = self.s6.q.val();
        self.s7.d.next = self.norm_coarse.s7.val();
        self.norm_fine.ctl_in.next = self.ctl[6].q.val();
        self.norm_fine.s7.next = self.s7.q.val();
        self.ctl[7].d.next = self.norm_fine.ctl.val();
        self.s8.d.next = self.norm_fine.s8.val();
        self.t[0].d.next = self.norm_fine.t.val();

        // ---- phases 9–10 ----
        self.align_coarse.s8.next = self.s8.q.val();
        self.align_coarse.t.next = self.t[0].q.val();
        self.s9.d.next = self.align_coarse.s9.val();
        self.align_fine.s9.next = self.s9.q.val();
        self.s10.d.next = self.align_fine.s10.val();

        // ---- phases 11–13 ----
        self.decide.ctl.next = self.ctl[9].q.val();
        self.decide.s10.next = self.s10.q.val();
        self.decide.t.next = self.t[2].q.val();
        self.s11.d.next = self.decide.s11.val();
        self.increment.ctl.next = self.ctl[10].q.val();
        self.increment.s11.next = self.s11.q.val();
        self.increment.t.next = self.t[3].q.val();
        self.s12.d.next = self.increment.s12.val();
        self.pack.ctl.next = self.ctl[11].q.val();
        self.pack.s12.next = self.s12.q.val();
        self.pack.t.next = self.t[4].q.val();
        self.s13.d.next = self.pack.s13.val();

        // ---- phases 14–15 ----
        self.fin.ctl.next = self.ctl[12].q.val();
        self.fin.s13.next = self.s13.q.val();
        self.s14.d.next = self.fin.ans.val();
        self.merge.ctl.next = self.ctl[13].q.val();
        self.merge.ans_in.next = self.s14.q.val();
        self.s15.d.next.res = self.merge.result.val();
        self.s15.d.next.flags = self.merge.flags.val();
        self.result.next = self.s15.q.val().res;
        self.flags.next = self.s15.q.val().flags;
    }
}

/// The block's Verilog, top module `fp64_convert`.
pub fn verilog() -> String {
    let mut uut = Fp64Convert::default();
    uut.connect_all();
    crate::registry::rename_top(&generate_verilog(&uut), "fp64_convert")
}

#[cfg(test)]
mod tests {
    use crate::fp64::Fp64Op;

    /// The phases' `#[hdl_gen]` code spells the op codes as literals.
    #[test]
    fn codes_match_the_op_table() {
        let expect = [
            (Fp64Op::Fldexp, 8),
            (Fp64Op::Ffloor, 10),
            (Fp64Op::Fceil, 11),
            (Fp64Op::Ftrunc, 12),
            (Fp64Op::Frndne, 13),
            (Fp64Op::Ffract, 14),
            (Fp64Op::CvtF64F32, 15),
            (Fp64Op::CvtF32F64, 16),
            (Fp64Op::CvtI32F64, 17),
            (Fp64Op::CvtU32F64, 18),
            (Fp64Op::CvtF64I32, 19),
            (Fp64Op::CvtF64U32, 20),
            (Fp64Op::FrexpMant, 21),
            (Fp64Op::FrexpExp, 22),
            (Fp64Op::CvtF32F64M, 39),
        ];
        for (op, code) in expect {
            assert_eq!(op.code(), code, "{op:?}");
        }
    }
}
