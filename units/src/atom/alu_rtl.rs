//! The atomic unit's integer datapath, split so that the one-clock forwarding
//! loop (old word → new word → the next operation's old word) holds as little
//! logic as possible.
//!
//! - [`AtomPreDecode`] (stage s0, from the port): the type and op flags the
//!   decode's `alt` and lane placement need, and `b`'s half-NaN flags,
//!   registered into s1.
//! - [`AtomDecode`] (stage s1, from registers): everything that does not depend on
//!   the old word. The op and type become flags (the ones `alt` and the lane
//!   placement need, and `b`'s half-NaN flags, decoded one stage earlier in s0
//!   and registered: `pre_*`); `b` and `c` are placed in the
//!   lane of the word the operation touches (a 32-bit operation on the upper half
//!   sees them shifted up), so the ALU works on whole 64-bit words and never
//!   moves a lane; the compare keys carry the sign flip of signed types; inc and
//!   dec become an add of +1 / −1 in the lane; the value a min/max/cas/exch/st/
//!   inc/dec may take instead of the arithmetic or bitwise result is one word
//!   (`alt`).
//! - [`AtomAlu`] (stage s2, inside the loop): per 64-bit word, in parallel, one
//!   adder (`old_add + addend`, from its own copy of the forwarding choice:
//!   a 32-bit chain for the lower half, the upper half for both carries,
//!   the lower half's carry picking the upper half of `pre_word` last), the
//!   compares (64-bit in
//!   both directions for 64-bit and upper-half lanes, each as two 32-bit chains;
//!   32-bit for lower-half lanes), the lane equality and zero tests and the
//!   bitwise result; then, per bit, `arith ? sum : bitwise`, or `alt` for
//!   exch/st. The compare chains' results end the clock in flip-flops
//!   (`cmp_*`).
//! - [`AtomDecide`] (stage s3, from registers): the compare ops' decision per
//!   half (`take_lo`, `take_hi`): the 64-bit combine on the upper halves'
//!   equality, the lane's choice of chains, and which result takes `alt`.
//!   The last choice, `take ? alt : …`, is `new3` in [`super::rtl`]. So the
//!   word of every other op is `pre_word` itself, and the one-clock loop
//!   (`s3_pre` → the next op's old word) has no decision in it; the next op on
//!   a compare op's word waits one clock ([`super::rtl::CMP_SAME_ADDRESS_II`])
//!   and reads `new3` in s1, through the forwarding pick.
//!
//! Half min/max (`f16x2`, `bf16x2`: minimumNumber / maximumNumber per 16-bit
//! half) decide per quarter of the word, so the decision is four bits
//! (`htake`, beside the integer ops' `take_lo`/`take_hi`). Like the integer
//! compare, a quarter's order and NaN tests end the clock in flip-flops in s2
//! (`h_b_lt`, `h_o_lt`, `h_nan16`, `h_nanbf`), and [`AtomDecide`] decides in
//! s3 from them and the decode's `t_h*` flags; the OR with the integer
//! decision per quarter is folded into `new3`'s choice in s3. A quarter
//! compares order keys ([`HalfOrder`]):
//! a positive value with its sign bit set, a negative one inverted, so that the
//! unsigned order of the keys is the order of the values with −0 below +0. `b`'s
//! keys (in `kb0`, which no integer compare of a half type needs) and NaN flags
//! come from the decode; a quarter takes `alt` when the old half is a NaN, or
//! when `b` is not a NaN and orders before (min) / after (max) it; `alt` holds
//! `b` with each NaN half replaced by 0x7FFF, so two NaNs give the canonical NaN
//! and a NaN `b` never replaces a number.
//!
//! `popc.inc` is an add whose addend is the number of ones of `b`'s low 32 bits,
//! counted in s0 and s1 (`pc`) and placed in the lane here.
//!
//! Upper-half compares run on the whole word with `b`'s lower half padded so
//! that it never decides: `old < b` pads it with zeros (nothing is below 0),
//! `b < old` with ones (nothing is above all ones), so equal upper halves give
//! false both ways. A signed compare is the unsigned compare of the keys with
//! the lane's sign bit inverted.

use super::{DATA_W, OP_W, TYPE_W};
use rust_hdl::prelude::*;

/// Stage s0: the decode's flags that `alt` and the lane placement need,
/// decoded one stage early from the port's fields (combinational; the top
/// level registers them into s1 and hands them to [`AtomDecode`] as its
/// `pre_*` inputs). Types 2, 3, 5, 9, 10, 11 are 64-bit; 6 f16x2, 7 bf16x2;
/// ops 9, 10 cas, cast; 3 inc.
#[derive(LogicBlock, Default)]
pub struct AtomPreDecode {
    pub ty: Signal<In, Bits<TYPE_W>>,
    pub op: Signal<In, Bits<OP_W>>,
    /// `b`'s low 32 bits.
    pub b: Signal<In, Bits<32>>,
    pub w64: Signal<Out, Bit>,
    pub half: Signal<Out, Bit>,
    pub bf: Signal<Out, Bit>,
    pub cas: Signal<Out, Bit>,
    pub inc: Signal<Out, Bit>,
    /// `b`'s halves are NaNs in the type's half format (bit 0: bits 15..0,
    /// bit 1: bits 31..16).
    pub bnan: Signal<Out, Bits<2>>,
    bnan16: Signal<Local, Bits<2>>,
    bnanbf: Signal<Local, Bits<2>>,
}

impl Logic for AtomPreDecode {
    #[hdl_gen]
    fn update(&mut self) {
        self.w64.next = (self.ty.val() == 2)
            | (self.ty.val() == 3)
            | (self.ty.val() == 5)
            | (self.ty.val() == 9)
            | (self.ty.val() == 10)
            | (self.ty.val() == 11);
        self.half.next = (self.ty.val() == 6) | (self.ty.val() == 7);
        self.bf.next = self.ty.val() == 7;
        self.cas.next = (self.op.val() == 9) | (self.op.val() == 10);
        self.inc.next = self.op.val() == 3;
        self.bnan16.next = 0.into();
        if (self.b.val().get_bits::<5>(10) == 0x1F) & self.b.val().get_bits::<10>(0).any() {
            self.bnan16.next = 1.into();
        }
        if (self.b.val().get_bits::<5>(26) == 0x1F) & self.b.val().get_bits::<10>(16).any() {
            self.bnan16.next = self.bnan16.val() | 2;
        }
        self.bnanbf.next = 0.into();
        if (self.b.val().get_bits::<8>(7) == 0xFF) & self.b.val().get_bits::<7>(0).any() {
            self.bnanbf.next = 1.into();
        }
        if (self.b.val().get_bits::<8>(23) == 0xFF) & self.b.val().get_bits::<7>(16).any() {
            self.bnanbf.next = self.bnanbf.val() | 2;
        }
        self.bnan.next = self.bnan16.val();
        if self.ty.val() == 7 {
            self.bnan.next = self.bnanbf.val();
        }
    }
}

/// Stage s1: operands placed in the lane, op and type decoded. Purely
/// combinational; every output is registered into s2.
#[derive(LogicBlock, Default)]
pub struct AtomDecode {
    /// Index in `AtomOp::ALL`.
    pub op: Signal<In, Bits<OP_W>>,
    /// Index in `AtomType::ALL`.
    pub ty: Signal<In, Bits<TYPE_W>>,
    /// A 32-bit operation on the word's upper half (address bit 2).
    pub high: Signal<In, Bit>,
    pub b: Signal<In, Bits<DATA_W>>,
    pub c: Signal<In, Bits<DATA_W>>,
    /// The number of ones of `b`'s low 32 bits (`popc.inc`'s addend).
    pub pc: Signal<In, Bits<6>>,
    /// [`AtomPreDecode`]'s flags, decoded a stage earlier (s0) and registered,
    /// so that `alt` and the lane placement start from flip-flops: a 64-bit type; f16x2 or bf16x2;
    /// bf16x2; cas or cast; inc; `b`'s low halves are NaNs in the type's half
    /// format (bit 0: bits 15..0, bit 1: bits 31..16).
    pub pre_w64: Signal<In, Bit>,
    pub pre_half: Signal<In, Bit>,
    pub pre_bf: Signal<In, Bit>,
    pub pre_cas: Signal<In, Bit>,
    pub pre_inc: Signal<In, Bit>,
    pub pre_bnan: Signal<In, Bits<2>>,

    /// 64-bit type (u64, s64, f64, b64, v2.f32, v4.f32).
    pub w64: Signal<Out, Bit>,
    /// A 32-bit operation on the lower half: its compares use the 32-bit chains.
    pub lane32: Signal<Out, Bit>,
    /// The operation touches the lower / upper half of the word.
    pub act_lo: Signal<Out, Bit>,
    pub act_hi: Signal<Out, Bit>,
    /// Sign flip of the old word's bit 63 (signed 64-bit or upper-half lane) and
    /// bit 31 (signed lower-half lane).
    pub flip63: Signal<Out, Bit>,
    pub flip31: Signal<Out, Bit>,
    /// Compare keys of `b`: for `old < b` (64-bit), `b < old` (64-bit), and the
    /// 32-bit lower-half chains; for `f16x2`/`bf16x2`, `kb0` holds the halves'
    /// order keys in their quarters.
    pub kb0: Signal<Out, Bits<DATA_W>>,
    pub kb1: Signal<Out, Bits<DATA_W>>,
    pub kb32: Signal<Out, Bits<32>>,
    /// `b` in the lane (other half zero).
    pub bw: Signal<Out, Bits<DATA_W>>,
    /// The adder's other input: `b` (add, safeadd), +1 (inc), −1 (dec), in the lane.
    pub addend: Signal<Out, Bits<DATA_W>>,
    /// The arithmetic result is taken on the lower / upper half.
    pub arith_lo: Signal<Out, Bit>,
    pub arith_hi: Signal<Out, Bit>,
    /// The word a min/max/dec/exch/st (`b`), cas/cast (`c`) or inc (0) may take.
    pub alt: Signal<Out, Bits<DATA_W>>,
    /// Bitwise operand (and: `b` with ones outside the lane) and mode: 0 keep,
    /// 1 and, 2 or, 3 xor.
    pub lop: Signal<Out, Bits<DATA_W>>,
    pub lmode: Signal<Out, Bits<2>>,
    /// When the lane takes `alt`, per half (the op and the lane folded in, so
    /// that the ALU's decision is one small function of the compare results):
    /// on `b < old` (min, dec), on a zero lane (dec), on `old < b` (max), on
    /// `!(old < b)` (inc), on equality (cas, cast), always (exch, st).
    pub t_blt: Signal<Out, Bits<2>>,
    pub t_zero: Signal<Out, Bits<2>>,
    pub t_olt: Signal<Out, Bits<2>>,
    pub t_nolt: Signal<Out, Bits<2>>,
    pub t_eq: Signal<Out, Bits<2>>,
    pub t_always: Signal<Out, Bits<2>>,
    /// Per quarter of the word (half min/max): take `alt` if the old half is an
    /// f16 NaN (`t_hnan16`) or a bf16 NaN (`t_hnanbf`); if `b`'s half (not a NaN)
    /// orders before the old one (`t_hmin`) or after it (`t_hmax`).
    pub t_hnan16: Signal<Out, Bits<4>>,
    pub t_hnanbf: Signal<Out, Bits<4>>,
    pub t_hmin: Signal<Out, Bits<4>>,
    pub t_hmax: Signal<Out, Bits<4>>,
    /// cas or cast.
    pub op_cas: Signal<Out, Bit>,
    pub op_cast: Signal<Out, Bit>,
    pub op_ld: Signal<Out, Bit>,

    is_fp: Signal<Local, Bit>,
    is_signed: Signal<Local, Bit>,
    /// f16x2 or bf16x2; bf16x2.
    is_half: Signal<Local, Bit>,
    is_bf: Signal<Local, Bit>,
    op_popc: Signal<Local, Bit>,
    /// The quarters of the lane (32-bit types: 0, 1 or 2, 3).
    qact: Signal<Local, Bits<4>>,
    /// `b`'s low halves: NaN (in the type's format), order key, canonical form.
    bnan_lo: Signal<Local, Bit>,
    bnan_hi: Signal<Local, Bit>,
    bnan: Signal<Local, Bits<4>>,
    bkey: Signal<Local, Bits<DATA_W>>,
    bcanon: Signal<Local, Bits<DATA_W>>,
    /// `pc` in the lane.
    pcw: Signal<Local, Bits<DATA_W>>,
    op_min: Signal<Local, Bit>,
    op_max: Signal<Local, Bit>,
    op_inc: Signal<Local, Bit>,
    op_dec: Signal<Local, Bit>,
    op_setb: Signal<Local, Bit>,
    /// The halves the operation touches: bit 0 lower, bit 1 upper.
    act: Signal<Local, Bits<2>>,
    iadd: Signal<Local, Bit>,
    /// Ones over the lane.
    lanemask: Signal<Local, Bits<DATA_W>>,
    /// The low 32 bits of `b` and `c`.
    bl: Signal<Local, Bits<DATA_W>>,
    cl: Signal<Local, Bits<DATA_W>>,
    cw: Signal<Local, Bits<DATA_W>>,
    one_w: Signal<Local, Bits<DATA_W>>,
}

impl Logic for AtomDecode {
    #[hdl_gen]
    fn update(&mut self) {
        self.w64.next = self.pre_w64.val();
        self.is_fp.next = ((self.ty.val() >= 4) & (self.ty.val() <= 7))
            | (self.ty.val() == 10)
            | (self.ty.val() == 11);
        self.is_signed.next = (self.ty.val() == 1) | (self.ty.val() == 3);
        self.is_half.next = self.pre_half.val();
        self.is_bf.next = self.pre_bf.val();
        self.lane32.next = !self.w64.val() & !self.high.val();
        self.act_lo.next = self.w64.val() | !self.high.val();
        self.act_hi.next = self.w64.val() | self.high.val();
        self.flip63.next = self.is_signed.val() & (self.w64.val() | self.high.val());
        self.flip31.next = self.is_signed.val() & self.lane32.val();

        // ---- operands in the lane ----
        self.bl.next = self.b.val() & 0xFFFF_FFFF_u64;
        self.cl.next = self.c.val() & 0xFFFF_FFFF_u64;
        self.lanemask.next = 0xFFFF_FFFF_u64.into();
        self.one_w.next = 1.into();
        self.bw.next = self.bl.val();
        self.cw.next = self.cl.val();
        if self.w64.val() {
            self.lanemask.next = 0xFFFF_FFFF_FFFF_FFFF_u64.into();
            self.bw.next = self.b.val();
            self.cw.next = self.c.val();
        } else if self.high.val() {
            self.lanemask.next = 0xFFFF_FFFF_0000_0000_u64.into();
            self.one_w.next = 0x1_0000_0000_u64.into();
            self.bw.next = self.bl.val() << 32;
            self.cw.next = self.cl.val() << 32;
        }

        // ---- compare keys ----
        self.kb0.next = self.bw.val();
        if self.flip63.val() {
            self.kb0.next = self.bw.val() ^ 0x8000_0000_0000_0000_u64;
        }
        self.kb1.next = self.kb0.val();
        if self.high.val() & !self.w64.val() {
            self.kb1.next = self.kb0.val() | 0xFFFF_FFFF_u64;
        }
        self.kb32.next = self.b.val().get_bits::<32>(0);
        if self.flip31.val() {
            self.kb32.next = self.b.val().get_bits::<32>(0) ^ 0x8000_0000_u64;
        }

        // ---- half min/max: `b`'s halves' NaN flags, keys, canonical form ----
        self.bnan_lo.next = self.pre_bnan.val().get_bit(0);
        self.bnan_hi.next = self.pre_bnan.val().get_bit(1);
        self.bkey.next = self.bl.val() ^ 0x8000_8000_u64;
        if self.b.val().get_bit(15) {
            self.bkey.next = (self.bkey.val() & 0xFFFF_0000_u64) | (!self.bl.val() & 0xFFFF_u64);
        }
        if self.b.val().get_bit(31) {
            self.bkey.next = (self.bkey.val() & 0xFFFF_u64) | (!self.bl.val() & 0xFFFF_0000_u64);
        }
        self.bcanon.next = self.bl.val();
        if self.bnan_lo.val() {
            self.bcanon.next = (self.bcanon.val() & 0xFFFF_0000_u64) | 0x7FFF_u64;
        }
        if self.bnan_hi.val() {
            self.bcanon.next = (self.bcanon.val() & 0xFFFF_u64) | 0x7FFF_0000_u64;
        }
        self.qact.next = 3.into();
        self.bnan.next = 0.into();
        if self.bnan_lo.val() {
            self.bnan.next = 1.into();
        }
        if self.bnan_hi.val() {
            self.bnan.next = self.bnan.val() | 2;
        }
        self.pcw.next = bit_cast::<DATA_W, 6>(self.pc.val());
        if self.high.val() {
            self.qact.next = 12.into();
            self.bnan.next = self.bnan.val() << 2;
            self.bkey.next = self.bkey.val() << 32;
            self.bcanon.next = self.bcanon.val() << 32;
            self.pcw.next = bit_cast::<DATA_W, 6>(self.pc.val()) << 32;
        }
        if self.is_half.val() {
            self.kb0.next = self.bkey.val();
        }

        // ---- op flags ----
        self.op_popc.next = self.op.val() == 14;
        self.iadd.next = (((self.op.val() == 0) | (self.op.val() == 11)) & !self.is_fp.val())
            | self.op_popc.val();
        self.op_min.next = self.op.val() == 1;
        self.op_max.next = self.op.val() == 2;
        self.op_inc.next = self.pre_inc.val();
        self.op_dec.next = self.op.val() == 4;
        self.op_cas.next = self.pre_cas.val();
        self.op_cast.next = self.op.val() == 10;
        self.op_setb.next = (self.op.val() == 8) | (self.op.val() == 13);
        self.op_ld.next = self.op.val() == 12;
        // act_hi implies a 64-bit lane (both halves) or the upper half alone.
        self.act.next = 1.into();
        if self.w64.val() {
            self.act.next = 3.into();
        } else if self.high.val() {
            self.act.next = 2.into();
        }
        self.t_blt.next = 0.into();
        self.t_zero.next = 0.into();
        self.t_olt.next = 0.into();
        self.t_nolt.next = 0.into();
        self.t_eq.next = 0.into();
        self.t_always.next = 0.into();
        self.t_hnan16.next = 0.into();
        self.t_hnanbf.next = 0.into();
        self.t_hmin.next = 0.into();
        self.t_hmax.next = 0.into();
        if (self.op_min.val() & !self.is_half.val()) | self.op_dec.val() {
            self.t_blt.next = self.act.val();
        }
        if self.op_dec.val() {
            self.t_zero.next = self.act.val();
        }
        if self.op_max.val() & !self.is_half.val() {
            self.t_olt.next = self.act.val();
        }
        if (self.op_min.val() | self.op_max.val()) & self.is_half.val() {
            if self.is_bf.val() {
                self.t_hnanbf.next = self.qact.val();
            } else {
                self.t_hnan16.next = self.qact.val();
            }
            if self.op_min.val() {
                self.t_hmin.next = self.qact.val() & !self.bnan.val();
            } else {
                self.t_hmax.next = self.qact.val() & !self.bnan.val();
            }
        }
        if self.op_inc.val() {
            self.t_nolt.next = self.act.val();
        }
        if self.op_cas.val() {
            self.t_eq.next = self.act.val();
        }
        if self.op_setb.val() {
            self.t_always.next = self.act.val();
        }

        // ---- arithmetic: one adder for add, safeadd, inc (+1) and dec (−1) ----
        self.addend.next = self.bw.val();
        if self.op_popc.val() {
            self.addend.next = self.pcw.val();
        } else if self.op_inc.val() {
            self.addend.next = self.one_w.val();
        } else if self.op_dec.val() {
            self.addend.next = self.lanemask.val();
        }
        self.arith_lo.next =
            (self.iadd.val() | self.op_inc.val() | self.op_dec.val()) & self.act_lo.val();
        self.arith_hi.next =
            (self.iadd.val() | self.op_inc.val() | self.op_dec.val()) & self.act_hi.val();

        // ---- the alternative word ----
        self.alt.next = self.bw.val();
        if self.op_cas.val() {
            self.alt.next = self.cw.val();
        } else if self.op_inc.val() {
            self.alt.next = 0.into();
        } else if self.is_half.val() {
            self.alt.next = self.bcanon.val();
        }

        // ---- bitwise ----
        self.lmode.next = 0.into();
        self.lop.next = self.bw.val();
        if self.op.val() == 5 {
            self.lmode.next = 1.into();
            self.lop.next = self.bw.val() | !self.lanemask.val();
        } else if self.op.val() == 6 {
            self.lmode.next = 2.into();
        } else if self.op.val() == 7 {
            self.lmode.next = 3.into();
        }
    }
}

/// Stage s2: the operation on the old word. Purely combinational; the inputs
/// other than `old` are [`AtomDecode`]'s outputs, registered.
#[derive(LogicBlock, Default)]
pub struct AtomAlu {
    /// The addressed word before the operation (forwarded).
    pub old: Signal<In, Bits<DATA_W>>,
    /// The same word for the adder alone: a copy of the forwarding choice
    /// with its own selects, so that the add loop's choice drives only the
    /// adder's chains (`old` drives the compares, the bitwise ops and the
    /// answer). It equals `old` whenever the op adds (`arith_lo`/`arith_hi`).
    pub old_add: Signal<In, Bits<DATA_W>>,
    /// The same word for the answer alone (`lane_old`), from a third copy of
    /// the choice (selects low unless the op answers): the answer's lane
    /// choice then sits behind three LUT levels, not behind `old`'s fanout.
    pub old_ans: Signal<In, Bits<DATA_W>>,
    pub w64: Signal<In, Bit>,
    pub high: Signal<In, Bit>,
    pub lane32: Signal<In, Bit>,
    pub act_lo: Signal<In, Bit>,
    pub act_hi: Signal<In, Bit>,
    pub flip63: Signal<In, Bit>,
    pub flip31: Signal<In, Bit>,
    pub kb0: Signal<In, Bits<DATA_W>>,
    pub kb1: Signal<In, Bits<DATA_W>>,
    pub kb32: Signal<In, Bits<32>>,
    pub bw: Signal<In, Bits<DATA_W>>,
    pub addend: Signal<In, Bits<DATA_W>>,
    pub arith_lo: Signal<In, Bit>,
    pub arith_hi: Signal<In, Bit>,
    pub alt: Signal<In, Bits<DATA_W>>,
    pub lop: Signal<In, Bits<DATA_W>>,
    pub lmode: Signal<In, Bits<2>>,
    pub t_always: Signal<In, Bits<2>>,
    pub op_cast: Signal<In, Bit>,

    /// The word after the operation, unless `take_*` or `htake` (compare
    /// ops only): then that half / quarter is `alt`'s. The choice is left to the
    /// next clock (`new3` in [`super::rtl`]), so the decision bit ends at a
    /// register instead of fanning out to 64 bits here.
    pub pre_word: Signal<Out, Bits<DATA_W>>,
    /// The integer compare ops' chain results, registered for [`AtomDecide`]
    /// (the decision is made in the next clock): the flipped old word's
    /// halves against `kb0`'s (`old < b`) and `kb1`'s (`b < old`), the
    /// 32-bit lower-lane chains, the upper halves' equality, the lane's
    /// equality and its zero test.
    pub cmp_ob_hi: Signal<Out, Bit>,
    pub cmp_ob_lo: Signal<Out, Bit>,
    pub cmp_bo_hi: Signal<Out, Bit>,
    pub cmp_bo_lo: Signal<Out, Bit>,
    pub cmp_ob32: Signal<Out, Bit>,
    pub cmp_bo32: Signal<Out, Bit>,
    pub cmp_eq_hi: Signal<Out, Bit>,
    pub cmp_eq: Signal<Out, Bit>,
    pub cmp_zero: Signal<Out, Bit>,
    /// Half min/max, bit j per quarter j (bits 16j + 15 .. 16j), registered
    /// for [`AtomDecide`]: the old quarter is an f16 / bf16 NaN; `b` orders
    /// before / after it.
    pub h_nan16: Signal<Out, Bits<4>>,
    pub h_nanbf: Signal<Out, Bits<4>>,
    pub h_b_lt: Signal<Out, Bits<4>>,
    pub h_o_lt: Signal<Out, Bits<4>>,
    /// The returning form's answer: the old lane (zero-extended), or 0 for
    /// cast (its flag, the lane equality `cmp_eq`, is ORed in after the s3
    /// register, as cas's write rule is applied there).
    pub answer: Signal<Out, Bits<DATA_W>>,
    /// The old lane, zero-extended (the float adders' `a`).
    pub lane_old: Signal<Out, Bits<DATA_W>>,

    /// The old word's quarters against `b`'s (half min/max).
    hq: [HalfOrder; 4],
    ko: Signal<Local, Bits<DATA_W>>,
    ko32: Signal<Local, Bits<32>>,
    eq_lo: Signal<Local, Bit>,
    eq_hi: Signal<Local, Bit>,
    eq: Signal<Local, Bit>,
    zero: Signal<Local, Bit>,

    /// The lower half's sum with its carry; the upper half's for carry 0 and 1.
    sum_lo: Signal<Local, Bits<33>>,
    sum_hi0: Signal<Local, Bits<32>>,
    sum_hi1: Signal<Local, Bits<32>>,
    sum_hi1w: Signal<Local, Bits<33>>,
    /// The flipped old word's halves (64-bit compares).
    ko_hi: Signal<Local, Bits<32>>,
    ko_lo: Signal<Local, Bits<32>>,
    bitwise: Signal<Local, Bits<DATA_W>>,
    /// The word when the op does not add: `alt` per half (`t_always`), else
    /// the bitwise result.
    other: Signal<Local, Bits<DATA_W>>,
    pre_lo: Signal<Local, Bits<DATA_W>>,
    /// The upper half for the lower half's carry 0 / 1; the carry picks last.
    pre_hi0: Signal<Local, Bits<DATA_W>>,
    pre_hi1: Signal<Local, Bits<DATA_W>>,
    pre_hi: Signal<Local, Bits<DATA_W>>,
}

impl Logic for AtomAlu {
    #[hdl_gen]
    fn update(&mut self) {
        // ---- compares (four chains in parallel) ----
        self.ko.next = self.old.val();
        if self.flip63.val() {
            self.ko.next = self.old.val() ^ 0x8000_0000_0000_0000_u64;
        }
        self.ko32.next = self.old.val().get_bits::<32>(0);
        if self.flip31.val() {
            self.ko32.next = self.old.val().get_bits::<32>(0) ^ 0x8000_0000_u64;
        }
        // 64-bit compares as two 32-bit chains, combined in the next clock
        // ([`AtomDecide`]) on the upper halves' equality (`eq_hi`: the sign
        // flip cancels, and `kb1`'s upper half is `kb0`'s).
        self.ko_hi.next = self.ko.val().get_bits::<32>(32);
        self.ko_lo.next = self.ko.val().get_bits::<32>(0);
        self.eq_hi.next = self.old.val().get_bits::<32>(32) == self.bw.val().get_bits::<32>(32);
        self.cmp_ob_hi.next = self.ko_hi.val() < self.kb0.val().get_bits::<32>(32);
        self.cmp_ob_lo.next = self.ko_lo.val() < self.kb0.val().get_bits::<32>(0);
        self.cmp_bo_hi.next = self.kb1.val().get_bits::<32>(32) < self.ko_hi.val();
        self.cmp_bo_lo.next = self.kb1.val().get_bits::<32>(0) < self.ko_lo.val();
        self.cmp_ob32.next = self.ko32.val() < self.kb32.val();
        self.cmp_bo32.next = self.kb32.val() < self.ko32.val();
        self.cmp_eq_hi.next = self.eq_hi.val();
        self.eq_lo.next = self.old.val().get_bits::<32>(0) == self.bw.val().get_bits::<32>(0);
        // The lane's halves are equal (a half outside the lane counts as equal).
        self.eq.next =
            (self.eq_lo.val() | !self.act_lo.val()) & (self.eq_hi.val() | !self.act_hi.val());
        self.zero.next = !self.old.val().get_bits::<32>(0).any();
        if self.high.val() {
            self.zero.next = !self.old.val().get_bits::<32>(32).any();
        }

        self.cmp_eq.next = self.eq.val();
        self.cmp_zero.next = self.zero.val();
        // Half min/max, per quarter (rust-hdl's loop indices cannot be offsets:
        // one line each).
        self.hq[0].o.next = self.old.val().get_bits::<16>(0);
        self.hq[1].o.next = self.old.val().get_bits::<16>(16);
        self.hq[2].o.next = self.old.val().get_bits::<16>(32);
        self.hq[3].o.next = self.old.val().get_bits::<16>(48);
        self.hq[0].kb.next = self.kb0.val().get_bits::<16>(0);
        self.hq[1].kb.next = self.kb0.val().get_bits::<16>(16);
        self.hq[2].kb.next = self.kb0.val().get_bits::<16>(32);
        self.hq[3].kb.next = self.kb0.val().get_bits::<16>(48);
        self.h_nan16.next = 0.into();
        self.h_nanbf.next = 0.into();
        self.h_b_lt.next = 0.into();
        self.h_o_lt.next = 0.into();
        for i in 0..4 {
            self.h_nan16.next = self.h_nan16.val().replace_bit(i, self.hq[i].nan16.val());
            self.h_nanbf.next = self.h_nanbf.val().replace_bit(i, self.hq[i].nanbf.val());
            self.h_b_lt.next = self.h_b_lt.val().replace_bit(i, self.hq[i].b_lt.val());
            self.h_o_lt.next = self.h_o_lt.val().replace_bit(i, self.hq[i].o_lt.val());
        }

        // ---- arithmetic and bitwise results ----
        // The add as a 32-bit chain for the lower half and, in parallel, the
        // upper half for both carries, all from `old_add`; the lower half's
        // carry picks one as the last choice before the register.
        self.sum_lo.next = bit_cast::<33, 32>(self.old_add.val().get_bits::<32>(0))
            + bit_cast::<33, 32>(self.addend.val().get_bits::<32>(0));
        self.sum_hi0.next =
            self.old_add.val().get_bits::<32>(32) + self.addend.val().get_bits::<32>(32);
        // old + addend + 1 on one chain: both one place up with a one below, whose
        // carry is the +1.
        self.sum_hi1w.next = ((bit_cast::<33, 32>(self.old_add.val().get_bits::<32>(32)) << 1) | 1)
            + ((bit_cast::<33, 32>(self.addend.val().get_bits::<32>(32)) << 1) | 1);
        self.sum_hi1.next = self.sum_hi1w.val().get_bits::<32>(1);
        self.bitwise.next = self.old.val();
        if self.lmode.val() == 1 {
            self.bitwise.next = self.old.val() & self.lop.val();
        } else if self.lmode.val() == 2 {
            self.bitwise.next = self.old.val() | self.lop.val();
        } else if self.lmode.val() == 3 {
            self.bitwise.next = self.old.val() ^ self.lop.val();
        }

        // ---- per half: sum, bitwise or (exch, st) `alt`; a compare op's `alt`
        // instead when `take_*`, after the register ----
        // (`t_always` and `arith_*` never both hold.)
        self.other.next = self.bitwise.val();
        if self.t_always.val().get_bit(0) {
            self.other.next =
                (self.other.val() & 0xFFFF_FFFF_0000_0000_u64) | (self.alt.val() & 0xFFFF_FFFF_u64);
        }
        if self.t_always.val().get_bit(1) {
            self.other.next =
                (self.other.val() & 0xFFFF_FFFF_u64) | (self.alt.val() & 0xFFFF_FFFF_0000_0000_u64);
        }
        self.pre_lo.next = self.other.val() & 0xFFFF_FFFF_u64;
        if self.arith_lo.val() {
            self.pre_lo.next = bit_cast::<DATA_W, 32>(self.sum_lo.val().get_bits::<32>(0));
        }
        self.pre_hi0.next = self.other.val() & 0xFFFF_FFFF_0000_0000_u64;
        self.pre_hi1.next = self.other.val() & 0xFFFF_FFFF_0000_0000_u64;
        if self.arith_hi.val() {
            self.pre_hi0.next = bit_cast::<DATA_W, 32>(self.sum_hi0.val()) << 32;
            self.pre_hi1.next = bit_cast::<DATA_W, 32>(self.sum_hi1.val()) << 32;
        }
        self.pre_hi.next = self.pre_hi0.val();
        if self.sum_lo.val().get_bit(32) {
            self.pre_hi.next = self.pre_hi1.val();
        }
        self.pre_word.next = self.pre_lo.val() | self.pre_hi.val();

        // ---- answer (cast's flag and the write rule: s3, from `cmp_eq`) ----
        self.lane_old.next = self.old_ans.val() & 0xFFFF_FFFF_u64;
        if self.w64.val() {
            self.lane_old.next = self.old_ans.val();
        } else if self.high.val() {
            self.lane_old.next = self.old_ans.val() >> 32;
        }
        self.answer.next = self.lane_old.val();
        if self.op_cast.val() {
            self.answer.next = 0.into();
        }
    }
}

/// Stage s3: an integer compare op's decision per half, from [`AtomAlu`]'s
/// chain results and [`AtomDecode`]'s `t_*` flags, all registered: the
/// 64-bit compares' combine (`hi < | hi == & lo <`), the lane's choice of the
/// 32-bit chains, and which result takes `alt`. Purely combinational.
#[derive(LogicBlock, Default)]
pub struct AtomDecide {
    pub lane32: Signal<In, Bit>,
    pub ob_hi: Signal<In, Bit>,
    pub ob_lo: Signal<In, Bit>,
    pub bo_hi: Signal<In, Bit>,
    pub bo_lo: Signal<In, Bit>,
    pub ob32: Signal<In, Bit>,
    pub bo32: Signal<In, Bit>,
    pub eq_hi: Signal<In, Bit>,
    pub eq: Signal<In, Bit>,
    pub zero: Signal<In, Bit>,
    pub t_blt: Signal<In, Bits<2>>,
    pub t_zero: Signal<In, Bits<2>>,
    pub t_olt: Signal<In, Bits<2>>,
    pub t_nolt: Signal<In, Bits<2>>,
    pub t_eq: Signal<In, Bits<2>>,
    /// Half min/max per quarter: [`AtomAlu`]'s registered `h_*` flags and the
    /// decode's `t_h*` flags.
    pub h_nan16: Signal<In, Bits<4>>,
    pub h_nanbf: Signal<In, Bits<4>>,
    pub h_b_lt: Signal<In, Bits<4>>,
    pub h_o_lt: Signal<In, Bits<4>>,
    pub t_hnan16: Signal<In, Bits<4>>,
    pub t_hnanbf: Signal<In, Bits<4>>,
    pub t_hmin: Signal<In, Bits<4>>,
    pub t_hmax: Signal<In, Bits<4>>,
    /// The lower / upper half takes `alt`.
    pub take_lo: Signal<Out, Bit>,
    pub take_hi: Signal<Out, Bit>,
    /// Half min/max: quarter j takes `alt` (bit j).
    pub htake: Signal<Out, Bits<4>>,
    /// The lane compares: old < b, b < old.
    old_lt_b: Signal<Local, Bit>,
    b_lt_old: Signal<Local, Bit>,
}

impl Logic for AtomDecide {
    #[hdl_gen]
    fn update(&mut self) {
        self.old_lt_b.next = self.ob_hi.val() | (self.eq_hi.val() & self.ob_lo.val());
        self.b_lt_old.next = self.bo_hi.val() | (self.eq_hi.val() & self.bo_lo.val());
        if self.lane32.val() {
            self.old_lt_b.next = self.ob32.val();
            self.b_lt_old.next = self.bo32.val();
        }
        self.take_lo.next = (self.t_blt.val().get_bit(0) & self.b_lt_old.val())
            | (self.t_zero.val().get_bit(0) & self.zero.val())
            | (self.t_olt.val().get_bit(0) & self.old_lt_b.val())
            | (self.t_nolt.val().get_bit(0) & !self.old_lt_b.val())
            | (self.t_eq.val().get_bit(0) & self.eq.val());
        self.take_hi.next = (self.t_blt.val().get_bit(1) & self.b_lt_old.val())
            | (self.t_zero.val().get_bit(1) & self.zero.val())
            | (self.t_olt.val().get_bit(1) & self.old_lt_b.val())
            | (self.t_nolt.val().get_bit(1) & !self.old_lt_b.val())
            | (self.t_eq.val().get_bit(1) & self.eq.val());
        self.htake.next = (self.t_hnan16.val() & self.h_nan16.val())
            | (self.t_hnanbf.val() & self.h_nanbf.val())
            | (self.t_hmin.val() & self.h_b_lt.val())
            | (self.t_hmax.val() & self.h_o_lt.val());
    }
}

/// One 16-bit quarter of a half min/max: the order of the old half and `b`'s
/// and the old half's NaN tests, registered; which of them takes `alt` is
/// decided in s3 ([`AtomDecide`]'s `htake`).
#[derive(LogicBlock, Default)]
pub struct HalfOrder {
    /// The old half.
    pub o: Signal<In, Bits<16>>,
    /// `b`'s order key ([`AtomDecode`]).
    pub kb: Signal<In, Bits<16>>,
    /// The old half is an f16 / bf16 NaN.
    pub nan16: Signal<Out, Bit>,
    pub nanbf: Signal<Out, Bit>,
    /// `b` orders before (`b_lt`) / after (`o_lt`) the old half.
    pub b_lt: Signal<Out, Bit>,
    pub o_lt: Signal<Out, Bit>,
    /// The old half's order key.
    ko: Signal<Local, Bits<16>>,
}

impl Logic for HalfOrder {
    #[hdl_gen]
    fn update(&mut self) {
        self.ko.next = self.o.val() ^ 0x8000;
        if self.o.val().get_bit(15) {
            self.ko.next = !self.o.val();
        }
        self.nan16.next =
            (self.o.val().get_bits::<5>(10) == 0x1F) & self.o.val().get_bits::<10>(0).any();
        self.nanbf.next =
            (self.o.val().get_bits::<8>(7) == 0xFF) & self.o.val().get_bits::<7>(0).any();
        self.b_lt.next = self.kb.val() < self.ko.val();
        self.o_lt.next = self.ko.val() < self.kb.val();
    }
}
