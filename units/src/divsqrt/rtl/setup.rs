//! Setup phases, after the leading-zero count: [`Shift`] normalises both
//! significands (one left shift each) and forms the operands' exponents;
//! [`Compare`] compares the significands (a quotient always in
//! `[1/4, 1/2)`), the radicand's top bits with the root's start table, and
//! forms the result's exponent (a clock of its own since 2026-12-02: the
//! 64-bit compare chain before the prep phase's multiplexers missed
//! 6.67 ns); [`Prep`] picks the root's first two digits, the
//! recurrence's initial registers (for the start step: digit 0, `w[−1]`)
//! and its clock count; [`Forced`] forms the answers that need no
//! recurrence (NaN, ∞, 0, ÷0) beside [`Compare`], and the prep phase adds
//! an integer quotient of 0. Mirrors [`srt`](crate::divsqrt::srt)'s
//! `divide_significands`, `sqrt_significand` and `divide_u32`, and the
//! special rows of [`model::fdiv`](crate::divsqrt::model::fdiv) / `fsqrt`
//! / `integer`.
//!
//! Exponents are biased and offset by [`EOFF`] so that they stay positive in
//! [`EXP_W`] bits: `bexp` is the biased exponent of bit 55 of the
//! normalised significand (the quotient `2Q`'s, or the root `S`'s, leading
//! one).

use super::step::{Thresholds, NM_W};
use super::{
    Accepted, Coarse, Iter, Meta, Normed, Ordered, CNT_W, EOFF, EXP_W, FLAGS_W, REM_W, SIG_W,
};
use crate::divsqrt::srt::{FRAC_W, ROOT_START, ROW_LSB, ROW_MIN, THRESHOLDS};
use rust_hdl::prelude::*;

// Literals below: EOFF = 8192, EOFF/2 = 4096; the frame of srt.rs (60 bits,
// 58 fraction bits): 1 << 56 is the first quotient digit's weight, 1 << 52
// the root's third digit's.
const _: () = assert!(EOFF == 8192 && EXP_W == 14 && REM_W == 60 && CNT_W == 5);
const _: () = assert!(FRAC_W == 58 && ROW_LSB == 54);
// The clock counts below are literals (rust-hdl would export a name).
const _: () = assert!(
    CLOCKS_F32_DIV == 15 && CLOCKS_F64_DIV == 30 && CLOCKS_F32_SQRT == 16 && CLOCKS_F64_SQRT == 30
);

/// Clocks of the recurrence per operation: the first clock (the
/// estimate's first window sum and the loop's copies from the prep
/// phase's registers, the `K` adds; a division's since 2026-12-03), the
/// start step and one per radix-4 digit (quotients 13 / 28 digits; roots
/// 11 / 25 after the two the start table gives), and a root's three more
/// extra clocks (the `K` adds after its first three digits,
/// [`super::step::KLoad`]).
pub const CLOCKS_F64_DIV: u64 = 30;
pub const CLOCKS_F64_SQRT: u64 = 30;
pub const CLOCKS_F32_DIV: u64 = 15;
pub const CLOCKS_F32_SQRT: u64 = 16;

/// Coarse phase (combinational): both significands shifted left by their
/// leading-zero count's multiple of 8 (a clock of its own since
/// 2026-12-03: the 64-bit shift by 0 … 64 missed 6.67 ns in one clock).
#[derive(LogicBlock, Default)]
pub struct CoarseShift {
    pub p: Signal<In, Accepted>,
    pub c: Signal<Out, Coarse>,
    /// The counts (Icarus: no part select of a struct field).
    lza: Signal<Local, Bits<7>>,
    lzb: Signal<Local, Bits<7>>,
}

impl Logic for CoarseShift {
    #[hdl_gen]
    fn update(&mut self) {
        self.lza.next = self.p.val().a_lz;
        self.lzb.next = self.p.val().b_lz;
        self.c.next.sa =
            self.p.val().a_sig << (bit_cast::<7, 4>(self.lza.val().get_bits::<4>(3)) << 3);
        self.c.next.sb =
            self.p.val().b_sig << (bit_cast::<7, 4>(self.lzb.val().get_bits::<4>(3)) << 3);
    }
}

/// Shift phase (combinational): normalised significands (the coarse
/// phase's shifted by the count's rest, 0 … 7) and exponents.
#[derive(LogicBlock, Default)]
pub struct Shift {
    pub p: Signal<In, Accepted>,
    pub c: Signal<In, Coarse>,
    pub n: Signal<Out, Normed>,
    /// The counts (Icarus: no part select of a struct field).
    lza: Signal<Local, Bits<7>>,
    lzb: Signal<Local, Bits<7>>,
    /// Integer quotient bits `lz_b − lz_a + 1`.
    pub nbits: Signal<Out, Bits<7>>,
}

impl Logic for Shift {
    #[hdl_gen]
    fn update(&mut self) {
        // The coarse phase shifted by the count's multiple of 8.
        self.lza.next = self.p.val().a_lz;
        self.lzb.next = self.p.val().b_lz;
        self.n.next.na = self.c.val().sa << self.lza.val().get_bits::<3>(0);
        self.n.next.nb = self.c.val().sb << self.lzb.val().get_bits::<3>(0);
        self.n.next.va = bit_cast::<EXP_W, 12>(self.p.val().a_e1) + 8192
            - bit_cast::<EXP_W, 7>(self.p.val().a_lz);
        self.n.next.vb = bit_cast::<EXP_W, 12>(self.p.val().b_e1) + 8192
            - bit_cast::<EXP_W, 7>(self.p.val().b_lz);
        // Integer quotient bits `lz_b − lz_a + 1`.
        self.nbits.next = (self.p.val().b_lz + 1) - self.p.val().a_lz;
    }
}

/// Compare phase (combinational): `m_a ≥ m_b` (a 64-bit carry chain),
/// the root's start-table comparisons and the result's exponent, so that
/// the prep phase is multiplexers only.
#[derive(LogicBlock)]
pub struct Compare {
    pub p: Signal<In, Accepted>,
    pub n: Signal<In, Normed>,
    /// Every field but `ik1`, `iqm` (the top level's, from
    /// [`IntWeights`]).
    pub o: Signal<Out, Ordered>,
    bias: Signal<Local, Bits<EXP_W>>,
    /// Fields copied to locals first: Icarus refuses `a[i+:n][j]`.
    va: Signal<Local, Bits<EXP_W>>,
    na: Signal<Local, Bits<SIG_W>>,
    /// `⌊64·x⌋` of the radicand `x` (`m/2` for an even biased exponent,
    /// else `m/4`): bits 63 … 58 or 63 … 59 of the significand.
    x6: Signal<Local, Bits<6>>,
    rs: Signal<Local, Bits<8>>,
    /// [`ROOT_START`], and bit `i` of `rs` per entry.
    root_th: [Constant<Bits<6>>; 8],
    root_bit: [Constant<Bits<8>>; 8],
}

impl Default for Compare {
    fn default() -> Self {
        Self {
            p: Default::default(),
            n: Default::default(),
            o: Default::default(),
            bias: Default::default(),
            va: Default::default(),
            na: Default::default(),
            x6: Default::default(),
            rs: Default::default(),
            root_th: std::array::from_fn(|i| Constant::new(Bits::<6>::from(ROOT_START[i]))),
            root_bit: std::array::from_fn(|i| Constant::new(Bits::<8>::from(1u64 << i))),
        }
    }
}

impl Logic for Compare {
    #[hdl_gen]
    fn update(&mut self) {
        self.bias.next = 127.into();
        if self.p.val().fmt64 {
            self.bias.next = 1023.into();
        }
        self.va.next = self.n.val().va;
        self.na.next = self.n.val().na;
        // The answers without a recurrence are [`Forced`]'s (the top level
        // loads them beside these fields).
        self.o.next.sign = false;
        self.o.next.forced = false;
        self.o.next.fres = 0.into();
        self.o.next.fflags = 0.into();
        self.o.next.zero_res = 0.into();
        self.o.next.ovf_res = 0.into();
        self.o.next.modes = 0.into();
        self.o.next.ge = self.n.val().na >= self.n.val().nb;
        self.x6.next = bit_cast::<6, 5>(self.na.val().get_bits::<5>(59));
        if !self.va.val().get_bit(0) {
            self.x6.next = self.na.val().get_bits::<6>(58);
        }
        self.rs.next = 0.into();
        for i in 0..8 {
            if self.x6.val() >= self.root_th[i].val() {
                self.rs.next = self.rs.val() | self.root_bit[i].val();
            }
        }
        self.o.next.rs = self.rs.val();
        self.o.next.bexp = (self.n.val().va - self.n.val().vb) + self.bias.val() + 8191;
        if self.p.val().sqrt {
            self.o.next.bexp = ((self.n.val().va + self.bias.val()) >> 1) + 4096;
        }
        // An integer's magnitude |a| has more leading zeros than |b|.
        self.o.next.lz_gt = self.p.val().a_lz > self.p.val().b_lz;
        self.o.next.ik1 = 0.into();
        self.o.next.iqm = 0.into();
    }
}

/// An integer's first weight `k₁ = 4^h` and `QM = −4·k₁` (ones from bit
/// `2h + 2` up), `h = ⌊nbits/2⌋`, in two clocks (combinational halves; the
/// top level registers each at every clock). [`IntWeightsHi`] shifts the
/// constants by `8·⌊h/4⌋` from the bit count, which is itself registered
/// at every clock from `acc` (it holds from the lzc phase on, so the
/// count is right from the coarse phase on, these halves from the shift
/// phase on); [`IntWeights`] shifts them by the rest, `2·(h mod 4)`, into
/// [`Ordered`] by the compare phase. A recurrence runs with
/// `1 ≤ nbits ≤ 32`; the forced answers ignore both. Since 2026-12-05;
/// before, the whole shift by `2h` sat between `ctl.nbits` and `ord`, four
/// LUT levels (6.2–6.6 ns in the SFU).
#[derive(LogicBlock)]
pub struct IntWeightsHi {
    /// Integer quotient bits `lz_b − lz_a + 1`.
    pub nbits: Signal<In, Bits<7>>,
    /// `k₁`'s and `QM`'s constants shifted by `8·⌊h/4⌋`, and `h mod 4`.
    pub k_hi: Signal<Out, Bits<REM_W>>,
    pub m_hi: Signal<Out, Bits<REM_W>>,
    pub lo: Signal<Out, Bits<2>>,
    sh: Signal<Local, Bits<6>>,
    one: Constant<Bits<REM_W>>,
    ones4: Constant<Bits<REM_W>>,
}

impl Default for IntWeightsHi {
    fn default() -> Self {
        Self {
            nbits: Default::default(),
            k_hi: Default::default(),
            m_hi: Default::default(),
            lo: Default::default(),
            sh: Default::default(),
            one: Constant::new(Bits::<REM_W>::from(1u64)),
            ones4: Constant::new(Bits::<REM_W>::from(((1u64 << REM_W) - 1) & !3)),
        }
    }
}

impl Logic for IntWeightsHi {
    #[hdl_gen]
    fn update(&mut self) {
        // h = nbits[5:1]; 8·⌊h/4⌋ = nbits[5:3] · 8.
        self.sh.next = bit_cast::<6, 3>(self.nbits.val().get_bits::<3>(3)) << 3;
        self.k_hi.next = self.one.val() << self.sh.val();
        self.m_hi.next = self.ones4.val() << self.sh.val();
        self.lo.next = self.nbits.val().get_bits::<2>(1);
    }
}

/// The second half of [`IntWeightsHi`] (combinational): `k₁`, `QM`.
#[derive(LogicBlock, Default)]
pub struct IntWeights {
    pub k_hi: Signal<In, Bits<REM_W>>,
    pub m_hi: Signal<In, Bits<REM_W>>,
    pub lo: Signal<In, Bits<2>>,
    pub ik1: Signal<Out, Bits<REM_W>>,
    pub iqm: Signal<Out, Bits<REM_W>>,
    sh: Signal<Local, Bits<3>>,
}

impl Logic for IntWeights {
    #[hdl_gen]
    fn update(&mut self) {
        self.sh.next = bit_cast::<3, 2>(self.lo.val()) << 1;
        self.ik1.next = self.k_hi.val() << self.sh.val();
        self.iqm.next = self.m_hi.val() << self.sh.val();
    }
}

/// The answers without a recurrence (NaN, ∞, 0, ÷0, an integer divisor of
/// 0), in two halves. [`Forced`] (combinational, from `acc`) decides which
/// answer and its flags; the top level registers its [`ForcedSel`] at every
/// clock (its inputs hold from the unpack phase's edge on, so the register
/// holds the decision from the lzc phase on), and [`ForcedPick`] forms the
/// values from that register in the compare phase, into
/// [`Ordered`]. Since 2026-12-05 (e90cd08, with the row phase; alone it
/// measured 141.96 MHz median); before, one block of five LUT levels from
/// `acc` into `ord` led the unit at 6.7 ns. An integer's quotient of 0
/// (`lz_gt`) is added by the prep phase.
#[derive(LogicBlock, Default)]
pub struct Forced {
    pub p: Signal<In, Accepted>,
    pub sel: Signal<Out, ForcedSel>,
}

impl Logic for Forced {
    #[hdl_gen]
    fn update(&mut self) {
        self.sel.next.sign = self.p.val().a_sign ^ (self.p.val().b_sign & !self.p.val().sqrt);
        self.sel.next.fmt64 = self.p.val().fmt64;
        self.sel.next.to_inf = (self.p.val().rm == 0)
            | (self.p.val().rm == 4)
            | ((self.p.val().rm == 2) & self.sel.val().sign)
            | ((self.p.val().rm == 3) & !self.sel.val().sign);
        self.sel.next.m_rne = self.p.val().rm == 0;
        self.sel.next.m_rmm = self.p.val().rm == 4;
        self.sel.next.m_away = ((self.p.val().rm == 2) & self.sel.val().sign)
            | ((self.p.val().rm == 3) & !self.sel.val().sign);
        // A float's answer: ∞ unless a case below says NaN or 0.
        self.sel.next.k_nan = false;
        self.sel.next.k_zero = false;
        self.sel.next.k_inf = true;
        self.sel.next.k_ones = false;
        self.sel.next.k_araw = false;
        self.sel.next.fflags = 0.into();
        if self.p.val().sqrt {
            // √: −x → NaN (NV), ±0 → ±0, +∞ → +∞, NaN → NaN.
            self.sel.next.forced =
                self.p.val().a_nan | self.p.val().a_zero | self.p.val().a_inf | self.p.val().a_sign;
            if self.p.val().a_sign {
                self.sel.next.k_nan = true;
                self.sel.next.k_inf = false;
                self.sel.next.fflags = 0x10.into();
            }
            if self.p.val().a_zero {
                self.sel.next.k_nan = false;
                self.sel.next.k_zero = true;
                self.sel.next.k_inf = false;
                self.sel.next.fflags = 0.into();
            }
            if self.p.val().a_nan {
                self.sel.next.k_nan = true;
                self.sel.next.k_zero = false;
                self.sel.next.k_inf = false;
                self.sel.next.fflags = 0.into();
                if self.p.val().a_snan {
                    self.sel.next.fflags = 0x10.into();
                }
            }
        } else {
            // ÷: x/0 → ∞ (DZ); 0/x, x/∞ → 0; ∞/x → ∞; 0/0, ∞/∞ → NaN (NV).
            self.sel.next.forced = self.p.val().a_nan
                | self.p.val().b_nan
                | self.p.val().a_zero
                | self.p.val().b_zero
                | self.p.val().a_inf
                | self.p.val().b_inf;
            if self.p.val().b_zero {
                self.sel.next.fflags = 0x08.into();
            }
            if self.p.val().a_zero | self.p.val().b_inf {
                self.sel.next.k_zero = true;
                self.sel.next.k_inf = false;
                self.sel.next.fflags = 0.into();
            }
            if self.p.val().a_inf {
                self.sel.next.k_zero = false;
                self.sel.next.k_inf = true;
                self.sel.next.fflags = 0.into();
            }
            if (self.p.val().a_zero & self.p.val().b_zero)
                | (self.p.val().a_inf & self.p.val().b_inf)
            {
                self.sel.next.k_nan = true;
                self.sel.next.k_zero = false;
                self.sel.next.k_inf = false;
                self.sel.next.fflags = 0x10.into();
            }
            if self.p.val().a_nan | self.p.val().b_nan {
                self.sel.next.k_nan = true;
                self.sel.next.k_zero = false;
                self.sel.next.k_inf = false;
                self.sel.next.fflags = 0.into();
                if self.p.val().a_snan | self.p.val().b_snan {
                    self.sel.next.fflags = 0x10.into();
                }
            }
        }
        if self.p.val().is_int {
            // ÷0: quotient all ones, remainder the dividend; |a| < 2^k·|b| with
            // fewer leading zeros in b: quotient 0, remainder the dividend.
            self.sel.next.forced = self.p.val().b_zero;
            self.sel.next.fflags = 0.into();
            self.sel.next.k_nan = false;
            self.sel.next.k_zero = false;
            self.sel.next.k_inf = false;
            self.sel.next.k_ones = self.p.val().b_zero & !self.p.val().rem;
            self.sel.next.k_araw = self.p.val().rem;
        }
    }
}

/// The prep phase's mode selects, one-hot where it picks the first
/// remainder (registered by the top level at every clock from [`PrepSelOf`];
/// their inputs hold from the shift phase on): the flags are copies of
/// `acc`'s beside the prep phase's multiplexers, and `ws`'s source is
/// one of six terms with no priority between the modes (since
/// 2026-12-05; before, `acc.sqrt` and `acc.is_int` reached `ws` through
/// four LUT levels, 7.23 ns in the SFU).
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct PrepSel {
    pub fmt64: Bit,
    pub sqrt: Bit,
    pub is_int: Bit,
    /// A division (neither a root nor an integer).
    pub div: Bit,
    /// A root of an even (odd) biased exponent: `x = m/2` (`m/4`).
    pub sq_even: Bit,
    pub sq_odd: Bit,
    /// An integer of an even (odd) bit count: `w[−1] = a_n/32` (`/16`).
    pub int_even: Bit,
    pub int_odd: Bit,
}

/// [`PrepSel`] from the registers (combinational).
#[derive(LogicBlock, Default)]
pub struct PrepSelOf {
    pub p: Signal<In, Accepted>,
    pub va0: Signal<In, Bit>,
    pub nbits0: Signal<In, Bit>,
    pub s: Signal<Out, PrepSel>,
}

impl Logic for PrepSelOf {
    #[hdl_gen]
    fn update(&mut self) {
        self.s.next.fmt64 = self.p.val().fmt64;
        self.s.next.sqrt = self.p.val().sqrt;
        self.s.next.is_int = self.p.val().is_int;
        self.s.next.div = !self.p.val().sqrt & !self.p.val().is_int;
        self.s.next.sq_even = self.p.val().sqrt & !self.va0.val();
        self.s.next.sq_odd = self.p.val().sqrt & self.va0.val();
        self.s.next.int_even = self.p.val().is_int & !self.nbits0.val();
        self.s.next.int_odd = self.p.val().is_int & self.nbits0.val();
    }
}

/// [`Forced`]'s decision, registered: which answer (`k_*`, at most one
/// set), its flags, and what the values are formed from.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct ForcedSel {
    /// Sign of a float result.
    pub sign: Bit,
    pub fmt64: Bit,
    /// The overflow answer is ∞ (else the largest finite value).
    pub to_inf: Bit,
    /// The rounding mode decoded with the sign
    /// ([`super::round::RoundUpDecoded`]'s `modes` bits 0, 1, 2).
    pub m_rne: Bit,
    pub m_rmm: Bit,
    pub m_away: Bit,
    pub forced: Bit,
    pub fflags: Bits<FLAGS_W>,
    /// The answer: the format's canonical NaN, the signed zero, the signed
    /// ∞, an integer's all ones, an integer's dividend (none set: 0).
    pub k_nan: Bit,
    pub k_zero: Bit,
    pub k_inf: Bit,
    pub k_ones: Bit,
    pub k_araw: Bit,
}

/// The forced answers' values from the registered [`ForcedSel`]
/// (combinational; each bit a function of a few flip-flops).
#[derive(LogicBlock, Default)]
pub struct ForcedPick {
    pub s: Signal<In, ForcedSel>,
    /// The integer dividend (`acc`'s `a_raw`, held).
    pub a_raw: Signal<In, Bits<32>>,
    pub fres: Signal<Out, Bits<64>>,
    /// A float result's signed zero; its overflow answer: ∞ unless the
    /// mode rounds toward zero for this sign, then the largest finite value.
    pub zero_res: Signal<Out, Bits<64>>,
    pub ovf_res: Signal<Out, Bits<64>>,
    pub modes: Signal<Out, Bits<3>>,
    /// Signed zero, ∞, canonical NaN of the format.
    zero_v: Signal<Local, Bits<64>>,
    inf_v: Signal<Local, Bits<64>>,
    nan_v: Signal<Local, Bits<64>>,
    /// `modes`' bits, named (lint policy: no struct field inside a shift).
    m_rne: Signal<Local, Bit>,
    m_rmm: Signal<Local, Bit>,
    m_away: Signal<Local, Bit>,
}

impl Logic for ForcedPick {
    #[hdl_gen]
    fn update(&mut self) {
        self.zero_v.next = 0.into();
        if self.s.val().sign {
            self.zero_v.next = 0x8000_0000_u64.into();
            if self.s.val().fmt64 {
                self.zero_v.next = 0x8000_0000_0000_0000_u64.into();
            }
        }
        self.inf_v.next = self.zero_v.val() | 0x7f80_0000_u64;
        self.nan_v.next = 0x7fc0_0000_u64.into();
        if self.s.val().fmt64 {
            self.inf_v.next = self.zero_v.val() | 0x7ff0_0000_0000_0000_u64;
            self.nan_v.next = 0x7ff8_0000_0000_0000_u64.into();
        }
        self.zero_res.next = self.zero_v.val();
        self.ovf_res.next = self.zero_v.val() | 0x7f7f_ffff_u64;
        if self.s.val().fmt64 {
            self.ovf_res.next = self.zero_v.val() | 0x7fef_ffff_ffff_ffff_u64;
        }
        if self.s.val().to_inf {
            self.ovf_res.next = self.inf_v.val();
        }
        self.m_rne.next = self.s.val().m_rne;
        self.m_rmm.next = self.s.val().m_rmm;
        self.m_away.next = self.s.val().m_away;
        self.modes.next = 0.into();
        self.modes.next = self.modes.val().replace_bit(0, self.m_rne.val());
        self.modes.next = self.modes.val().replace_bit(1, self.m_rmm.val());
        self.modes.next = self.modes.val().replace_bit(2, self.m_away.val());
        self.fres.next = 0.into();
        if self.s.val().k_nan {
            self.fres.next = self.nan_v.val();
        }
        if self.s.val().k_zero {
            self.fres.next = self.zero_v.val();
        }
        if self.s.val().k_inf {
            self.fres.next = self.inf_v.val();
        }
        if self.s.val().k_ones {
            self.fres.next = 0xffff_ffff_u64.into();
        }
        if self.s.val().k_araw {
            self.fres.next = bit_cast::<64, 32>(self.a_raw.val());
        }
    }
}

/// Prep phase (combinational).
#[derive(LogicBlock)]
pub struct Prep {
    /// What the accept, shift and compare phases registered.
    pub p: Signal<In, Accepted>,
    pub n: Signal<In, Normed>,
    pub o: Signal<In, Ordered>,
    pub nbits: Signal<In, Bits<7>>,
    /// The mode selects ([`PrepSel`]).
    pub ps: Signal<In, PrepSel>,
    /// Initial registers of the recurrence, and its clock count.
    pub iter: Signal<Out, Iter>,
    pub count: Signal<Out, Bits<CNT_W>>,
    /// `count == 1` (an integer answered without a recurrence).
    pub last: Signal<Out, Bit>,
    /// What the finishing phases need, constant during the recurrence.
    pub meta: Signal<Out, Meta>,
    /// Fields copied to locals first: Icarus refuses `a[i+:n][j]`.
    nbits_l: Signal<Local, Bits<7>>,
    rs: Signal<Local, Bits<8>>,
    /// `m_a ≥ m_b`.
    ge: Signal<Local, Bit>,
    /// `w[−1]`'s terms: a division's, a root's, an integer's (zero unless
    /// the mode's).
    t_div: Signal<Local, Bits<REM_W>>,
    t_sqrt: Signal<Local, Bits<REM_W>>,
    t_int: Signal<Local, Bits<REM_W>>,
    /// The root's start.
    r_q: Signal<Local, Bits<REM_W>>,
    r_qm: Signal<Local, Bits<REM_W>>,
    r_wc: Signal<Local, Bits<REM_W>>,
    /// The first selection's thresholds: a root's (rows of S[2] and
    /// S[2] − 1/16, per start), a divisor's (its row).
    r_nmq: Signal<Local, Bits<NM_W>>,
    r_nmqm: Signal<Local, Bits<NM_W>>,
    pub th_d: Thresholds,
    /// The divisor and the first digit's weight.
    d: Signal<Local, Bits<REM_W>>,
    k1: Signal<Local, Bits<REM_W>>,
    rsign: Signal<Local, Bit>,
    forced: Signal<Local, Bit>,
    fres: Signal<Local, Bits<64>>,
    fflags: Signal<Local, Bits<FLAGS_W>>,
    /// Per start (the entries of [`ROOT_START`]), `S`, `S − 1/16` and `−2S²`.
    root_q: [Constant<Bits<REM_W>>; 8],
    root_qm: [Constant<Bits<REM_W>>; 8],
    root_wc: [Constant<Bits<REM_W>>; 8],
    root_nmq: [Constant<Bits<NM_W>>; 8],
    root_nmqm: [Constant<Bits<NM_W>>; 8],
    /// Those of the start n = 8 (S[2] = 1/2, S[2] − 1/16 = 7/16).
    nmq8: Constant<Bits<NM_W>>,
    nmqm8: Constant<Bits<NM_W>>,
}

/// The negated thresholds of row `row`, packed as [`Thresholds`] does.
fn packed_thresholds(row: u64) -> Bits<NM_W> {
    let r = (row as usize).clamp(ROW_MIN, ROW_MIN + THRESHOLDS.len() - 1) - ROW_MIN;
    let mut v = 0u64;
    for m in THRESHOLDS[r] {
        v = (v << 9) | ((-m) as i64 as u64 & 0x1ff);
    }
    Bits::<NM_W>::from(v)
}

impl Default for Prep {
    fn default() -> Self {
        let mask = (1u64 << REM_W) - 1;
        // Entry i: n = 9 + i (n = 8 is the default below).
        let c = |f: &dyn Fn(u64) -> u64| {
            std::array::from_fn(|i| Constant::new(Bits::<REM_W>::from(f(9 + i as u64) & mask)))
        };
        Self {
            p: Default::default(),
            n: Default::default(),
            iter: Default::default(),
            meta: Default::default(),
            o: Default::default(),
            rs: Default::default(),
            nbits: Default::default(),
            ps: Default::default(),
            count: Default::default(),
            last: Default::default(),
            nbits_l: Default::default(),
            ge: Default::default(),
            t_div: Default::default(),
            t_sqrt: Default::default(),
            t_int: Default::default(),
            r_q: Default::default(),
            r_qm: Default::default(),
            r_wc: Default::default(),
            r_nmq: Default::default(),
            r_nmqm: Default::default(),
            th_d: Default::default(),
            d: Default::default(),
            k1: Default::default(),
            rsign: Default::default(),
            forced: Default::default(),
            fres: Default::default(),
            fflags: Default::default(),
            root_q: c(&|n| n << ROW_LSB),
            root_qm: c(&|n| (n - 1) << ROW_LSB),
            root_wc: c(&|n| ((n * n) << (FRAC_W - 7)).wrapping_neg()),
            root_nmq: std::array::from_fn(|i| Constant::new(packed_thresholds(9 + i as u64))),
            root_nmqm: std::array::from_fn(|i| Constant::new(packed_thresholds(8 + i as u64))),
            nmq8: Constant::new(packed_thresholds(8)),
            nmqm8: Constant::new(packed_thresholds(7)),
        }
    }
}

impl Logic for Prep {
    #[hdl_gen]
    fn update(&mut self) {
        self.ge.next = self.o.val().ge;
        self.rs.next = self.o.val().rs;
        self.nbits_l.next = self.nbits.val();

        // ---- w[−1]: one of six terms by the one-hot selects ----
        // A division: m_a/32 or m_a/16 (`m_a ≥ m_b`); a root: 2x, x = m/2
        // (even biased exponent) or m/4; an integer: 2·digits quotient
        // bits, a_n/16 (odd bit count) or a_n/32.
        self.t_div.next = 0.into();
        if self.ps.val().div {
            self.t_div.next = bit_cast::<REM_W, SIG_W>(self.n.val().na >> 9);
            if self.ge.val() {
                self.t_div.next = bit_cast::<REM_W, SIG_W>(self.n.val().na >> 10);
            }
        }
        self.t_sqrt.next = 0.into();
        if self.ps.val().sq_even {
            self.t_sqrt.next = bit_cast::<REM_W, SIG_W>(self.n.val().na >> 6) << 1;
        }
        if self.ps.val().sq_odd {
            self.t_sqrt.next = bit_cast::<REM_W, SIG_W>(self.n.val().na >> 7) << 1;
        }
        self.t_int.next = 0.into();
        if self.ps.val().int_even {
            self.t_int.next = bit_cast::<REM_W, SIG_W>(self.n.val().na >> 11);
        }
        if self.ps.val().int_odd {
            self.t_int.next = bit_cast::<REM_W, SIG_W>(self.n.val().na >> 10);
        }
        self.iter.next.ws = self.t_div.val() | self.t_sqrt.val() | self.t_int.val();

        // ---- division by default: d = m_b/2 ----
        self.d.next = bit_cast::<REM_W, SIG_W>(self.n.val().nb >> 6);
        self.k1.next = 0x0100_0000_0000_0000_u64.into();
        self.iter.next.wc = 0.into();
        self.iter.next.q = 0.into();
        self.iter.next.p1 = self.d.val();
        self.iter.next.p2 = self.d.val() << 1;
        self.iter.next.m1 = self.d.val();
        self.iter.next.m2 = self.d.val() << 1;
        self.count.next = 15.into();
        self.r_q.next = 0.into();
        self.r_qm.next = 0.into();
        self.r_wc.next = 0.into();
        self.r_nmq.next = self.nmq8.val();
        self.r_nmqm.next = self.nmqm8.val();
        if self.ps.val().fmt64 {
            self.count.next = 30.into();
        }
        self.meta.next.bexp = self.o.val().bexp;
        if self.ge.val() & !self.ps.val().sqrt {
            self.meta.next.bexp = self.o.val().bexp + 1;
        }
        if self.ps.val().sqrt {
            // S[2] = n/16 from x's top six bits; u[2]/4 = 2x − 2·S[2]².
            self.r_q.next = 0x0200_0000_0000_0000_u64.into();
            self.r_qm.next = 0x01c0_0000_0000_0000_u64.into();
            self.r_wc.next = 0x0e00_0000_0000_0000_u64.into();
            for i in 0..8 {
                if self.rs.val().get_bit(i) {
                    self.r_q.next = self.root_q[i].val();
                    self.r_qm.next = self.root_qm[i].val();
                    self.r_wc.next = self.root_wc[i].val();
                    self.r_nmq.next = self.root_nmq[i].val();
                    self.r_nmqm.next = self.root_nmqm[i].val();
                }
            }
            self.k1.next = 0x0010_0000_0000_0000_u64.into();
            self.iter.next.wc = self.r_wc.val();
            self.iter.next.q = self.r_q.val();
            // The first digit's multiples (weight k₁ = 2^52; the start
            // step's digit 0 adds none), so that the start step adds the
            // first digit's `K` from registers.
            self.iter.next.p1 = self.r_q.val() | 0x0008_0000_0000_0000_u64;
            self.iter.next.p2 = (self.r_q.val() | 0x0010_0000_0000_0000_u64) << 1;
            self.iter.next.m1 = self.r_qm.val() | 0x0038_0000_0000_0000_u64;
            self.iter.next.m2 = (self.r_qm.val() | 0x0030_0000_0000_0000_u64) << 1;
            self.count.next = 16.into();
            if self.ps.val().fmt64 {
                self.count.next = 30.into();
            }
        }
        if self.ps.val().is_int {
            self.k1.next = self.o.val().ik1;
            self.count.next = bit_cast::<CNT_W, 7>((self.nbits_l.val() >> 1) + 3);
        }
        // Q − 4·k₁ (−1 for a float quotient), or the root's S[2] − 1/16.
        self.iter.next.qm = 0x0c00_0000_0000_0000_u64.into();
        if self.ps.val().is_int {
            self.iter.next.qm = self.o.val().iqm;
        }
        if self.ps.val().sqrt {
            self.iter.next.qm = self.r_qm.val();
        }
        self.th_d.row.next = self.d.val().get_bits::<5>(54);
        self.iter.next.nmq = self.th_d.all4.val();
        self.iter.next.nmqm = self.th_d.all4.val();
        if self.ps.val().sqrt {
            self.iter.next.nmq = self.r_nmq.val();
            self.iter.next.nmqm = self.r_nmqm.val();
        }
        self.iter.next.k = 0.into();
        self.iter.next.k_first = self.k1.val();
        // The start step's digit: 0.
        self.iter.next.c = 0b0011.into();
        self.iter.next.cn = 0b1100.into();

        // ---- answers without a recurrence ([`Forced`], registered by the
        // compare phase; an integer's quotient of 0 from `lz_gt`) ----
        self.rsign.next = self.o.val().sign;
        self.forced.next = self.o.val().forced | (self.ps.val().is_int & self.o.val().lz_gt);
        self.fres.next = self.o.val().fres;
        self.fflags.next = self.o.val().fflags;
        if self.ps.val().is_int & self.forced.val() {
            self.count.next = 1.into();
        }
        self.last.next = self.ps.val().is_int & self.forced.val();
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
        self.meta.next.rem_shift = bit_cast::<6, 7>(self.p.val().b_lz) + 26;
    }
}
