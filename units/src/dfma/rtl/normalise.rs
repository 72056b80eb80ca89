//! Phases 6–9, normalise: leading-zero count of the sum, the left shift that
//! brings its leading one to the window's top (never below EMIN), and the
//! round and sticky bits. Model: [`model::normalise`](crate::dfma::model::normalise).
//!
//! - [`SentinelDecode`] (phase 4) and [`Sentinel`] (phase 5): the shift must stop at `limit = top_exp − EMIN`
//!   (a subnormal result keeps the exponent EMIN). A one at window bit
//!   `164 − limit`, ORed into the copy of the sum that is counted, makes the
//!   leading-zero count itself `min(count, limit)`: no compare after the tree.
//! - [`LzcNibbles`] then [`LzcGroupsOf`] (phase 6, boundary 6m between
//!   them; together [`LzcGroups`]): that copy, padded to 176 bits, as 44
//!   nibbles with their flags and counts, then eleven 16-bit groups, each
//!   with its own "has a one" flag and 4-bit count. [`LzcPair`] merges both
//!   candidate sums' nibbles (`P ± C`, `C − P`) and picks the counts of the
//!   chosen one.
//! - [`LzcMerge`] (phase 7): a four-level merge tree of the groups gives the
//!   shift.
//!
//!   These are the same nibble leaves and 2:1 merges as the project's
//!   counter ([`crate::hw::lzc`]), kept written out here: built from
//!   `hw::lzc`'s blocks (logically the same, 5,055 against 5,057 LUT4, the
//!   same 6,269 FF) the depth-15 `dfma` placed at 140.41 / 121.39 / 135.74
//!   MHz on seeds 1 / 2 / 3 against 156.01 / 147.69 / 134.93, its slowest
//!   paths moving to the control words' fan-out into the tiles (7.1–8.2 ns),
//!   outside the count. The unit nearest 150 MHz keeps the netlist that
//!   measured best.
//! - [`NormCoarse`] (phase 8) shifts by 128, 64, [`NormMid`] by 32, 16;
//!   [`NormFine`] (phase 9) by 8, 4, 2, 1.
//!
//! Only the top 54 bits of the shifted sum are kept (53 significand bits and
//! the round bit at [`ROUND_POS`](super::ROUND_POS) = 111). Each stage keeps
//! the bits that later stages can still lift to the round bit: after the stage
//! of `2^k` that is everything from `111 − (2^k − 1)` up. A stage that does not
//! shift ORs the bits that fall out of that region into the sticky bit; a
//! stage that shifts lifts them into the region (the lower bound drops by
//! exactly the stage's shift), so every bit ends either in the result or in
//! the sticky bit. Nothing leaves at the top: the shift never exceeds the
//! leading-zero count. Synthesis drops the unused low bits.

use crate::dfma::rtl::{LIMIT_W, SHIFT_W, SIG_W, SUM_W};
use rust_hdl::prelude::*;

/// Bits per leading-zero group.
pub const GROUP_W: usize = 16;
/// Groups covering the window (padded to `GROUPS · GROUP_W` = 176 bits).
pub const GROUPS: usize = 11;

/// Phase 4 (beside the product's chain): `limit` decoded in two parts for
/// the sentinel, `hi` one-hot of `limit >> 4` (none from 256 up) and `lo`
/// one-hot of `limit & 15` (measured: the whole 12-bit → 165-bit decoder
/// in phase 5 took 6.9 ns, the slowest path at depth 15).
#[derive(LogicBlock, Default)]
pub struct SentinelDecode {
    pub limit: Signal<In, Bits<LIMIT_W>>,
    pub hi: Signal<Out, Bits<16>>,
    pub lo: Signal<Out, Bits<16>>,
    one: Signal<Local, Bits<16>>,
}

impl Logic for SentinelDecode {
    #[hdl_gen]
    fn update(&mut self) {
        self.one.next = 1.into();
        self.hi.next = self.one.val() << self.limit.val().get_bits::<4>(4);
        if self.limit.val().get_bits::<4>(8).any() {
            self.hi.next = 0.into();
        }
        self.lo.next = self.one.val() << self.limit.val().get_bits::<4>(0);
    }
}

/// Phase 5 (beside the carry chains): the one-hot sentinel of `limit`, the
/// window's top bit shifted right by `limit`: bit `j = 164 − 16g − r` is
/// `hi[g] & lo[r]` ([`SentinelDecode`]), one LUT per bit. Each part is
/// first spread over the window by constant masks (wires after synthesis).
#[derive(LogicBlock)]
pub struct Sentinel {
    pub hi: Signal<In, Bits<16>>,
    pub lo: Signal<In, Bits<16>>,
    /// Bit `164 − limit` when `limit ≤ 164`, else none.
    pub one_hot: Signal<Out, Bits<SUM_W>>,
    /// The window bits `164 − 16g − r` of group `g` (every `r`) and of
    /// residue `r` (every `g`).
    group_mask: [Constant<Bits<SUM_W>>; GROUPS],
    res_mask: [Constant<Bits<SUM_W>>; 16],
    spread_hi: Signal<Local, Bits<SUM_W>>,
    spread_lo: Signal<Local, Bits<SUM_W>>,
}

impl Default for Sentinel {
    fn default() -> Self {
        let mask = |keep: &dyn Fn(usize, usize) -> bool| {
            let mut m: Bits<SUM_W> = 0.into();
            for g in 0..GROUPS {
                for r in 0..16 {
                    if 16 * g + r <= 164 && keep(g, r) {
                        m = m.replace_bit(164 - 16 * g - r, true);
                    }
                }
            }
            Constant::new(m)
        };
        Self {
            hi: Default::default(),
            lo: Default::default(),
            one_hot: Default::default(),
            group_mask: std::array::from_fn(|g0| mask(&|g, _| g == g0)),
            res_mask: std::array::from_fn(|r0| mask(&|_, r| r == r0)),
            spread_hi: Default::default(),
            spread_lo: Default::default(),
        }
    }
}

impl Logic for Sentinel {
    #[hdl_gen]
    fn update(&mut self) {
        self.spread_hi.next = 0.into();
        for g in 0..GROUPS {
            if self.hi.val().get_bit(g) {
                self.spread_hi.next = self.spread_hi.val() | self.group_mask[g].val();
            }
        }
        self.spread_lo.next = 0.into();
        for r in 0..16 {
            if self.lo.val().get_bit(r) {
                self.spread_lo.next = self.spread_lo.val() | self.res_mask[r].val();
            }
        }
        self.one_hot.next = self.spread_hi.val() & self.spread_lo.val();
    }
}

/// Nibbles covering the padded window (`GROUPS · GROUP_W / 4`).
pub const NIBBLES: usize = GROUPS * GROUP_W / 4;
const _: () = assert!(NIBBLES == 44);

/// Phase 6, first half (beside [`AccSelect`](super::AccSelect)): per nibble
/// of the window (padded to 176 bits, bit 164 at the top), whether it holds
/// a one and its leading zeros. Boundary 6m, registered only by the
/// deepest units, follows (measured at depth 10: candidate select,
/// sentinel OR, the 16-bit group counts and the pick in one clock took
/// 7.0–7.6 ns, phase 6's slowest paths).
#[derive(LogicBlock)]
pub struct LzcNibbles {
    pub mag: Signal<In, Bits<SUM_W>>,
    /// Bit `k`: nibble `k` (window bits `4k − 11 .. 4k − 8`, from the
    /// bottom of the padded word) holds a one.
    pub has: Signal<Out, Bits<NIBBLES>>,
    /// Bits `4k..4k+4`: nibble `k`'s leading zeros (3 when empty; 4-bit
    /// fields so that the merges need no `bit_cast`, which cannot take a
    /// loop index; synthesis drops the constant bits).
    pub count: Signal<Out, Bits<{ 4 * NIBBLES }>>,
    padded: Signal<Local, Bits<176>>,
    nibble: [Signal<Local, Bits<4>>; NIBBLES],
    /// Named flags: a reduction inside `replace_bit` exports as a 1-bit
    /// value in a wider shift, which the lint policy rejects.
    has1: [Signal<Local, Bit>; NIBBLES],
    count1: [Signal<Local, Bits<4>>; NIBBLES],
}

impl Default for LzcNibbles {
    fn default() -> Self {
        Self {
            mag: Default::default(),
            has: Default::default(),
            count: Default::default(),
            padded: Default::default(),
            nibble: std::array::from_fn(|_| Default::default()),
            has1: std::array::from_fn(|_| Default::default()),
            count1: std::array::from_fn(|_| Default::default()),
        }
    }
}

impl Logic for LzcNibbles {
    #[hdl_gen]
    fn update(&mut self) {
        self.padded.next = bit_cast::<176, SUM_W>(self.mag.val()) << 11;
        self.has.next = 0.into();
        self.count.next = 0.into();
        for k in 0..NIBBLES {
            self.nibble[k].next = self.padded.val().get_bits::<4>(4 * k);
            self.count1[k].next = 3.into();
            if self.nibble[k].val().get_bit(1) {
                self.count1[k].next = 2.into();
            }
            if self.nibble[k].val().get_bit(2) {
                self.count1[k].next = 1.into();
            }
            if self.nibble[k].val().get_bit(3) {
                self.count1[k].next = 0.into();
            }
            self.has1[k].next = self.nibble[k].val().any();
            self.has.next = self.has.val().replace_bit(k, self.has1[k].val());
            self.count.next = self
                .count
                .val()
                .replace_bit(4 * k, self.count1[k].val().get_bit(0));
            self.count.next = self
                .count
                .val()
                .replace_bit(4 * k + 1, self.count1[k].val().get_bit(1));
        }
    }
}

/// Phase 6, second half: the nibbles' flags and counts merged into eleven
/// 16-bit groups (two merge levels), packed for the stage register.
#[derive(LogicBlock, Default)]
pub struct LzcGroupsOf {
    /// [`LzcNibbles`]'s flags and counts.
    pub has_n: Signal<In, Bits<NIBBLES>>,
    pub count_n: Signal<In, Bits<{ 4 * NIBBLES }>>,
    /// Bit `g`: group `g` (from the top) holds a one; bits 11..16 are zero.
    pub has: Signal<Out, Bits<16>>,
    /// Bits `8g..8g+4`: group `g`'s count (8-bit fields: the merge tree
    /// widens them without `bit_cast`, which cannot take a loop index).
    pub count: Signal<Out, Bits<128>>,
    /// Per group (from the top), per byte (1 the upper): flag and count.
    has2: [Signal<Local, Bits<2>>; GROUPS],
    count_hi: [Signal<Local, Bits<4>>; GROUPS],
    count_lo: [Signal<Local, Bits<4>>; GROUPS],
    count4: [Signal<Local, Bits<4>>; GROUPS],
    /// Named group flags (see [`LzcNibbles`]'s `has1`).
    has_g: [Signal<Local, Bit>; GROUPS],
}

impl Logic for LzcGroupsOf {
    #[hdl_gen]
    fn update(&mut self) {
        self.has.next = 0.into();
        self.count.next = 0.into();
        // Group g holds nibbles 40 − 4g (its bottom) to 43 − 4g (its top).
        for g in 0..GROUPS {
            // Upper byte: nibbles 43 − 4g (upper) and 42 − 4g.
            self.has2[g].next = 0.into();
            self.has2[g].next = self.has2[g].val().replace_bit(
                1,
                self.has_n.val().get_bit(43 - 4 * g) | self.has_n.val().get_bit(42 - 4 * g),
            );
            self.has2[g].next = self.has2[g].val().replace_bit(
                0,
                self.has_n.val().get_bit(41 - 4 * g) | self.has_n.val().get_bit(40 - 4 * g),
            );
            self.count_hi[g].next = self.count_n.val().get_bits::<4>(4 * (43 - 4 * g));
            if !self.has_n.val().get_bit(43 - 4 * g) {
                self.count_hi[g].next = self.count_n.val().get_bits::<4>(4 * (42 - 4 * g)) | 4;
            }
            self.count_lo[g].next = self.count_n.val().get_bits::<4>(4 * (41 - 4 * g));
            if !self.has_n.val().get_bit(41 - 4 * g) {
                self.count_lo[g].next = self.count_n.val().get_bits::<4>(4 * (40 - 4 * g)) | 4;
            }
            self.count4[g].next = self.count_hi[g].val();
            if !self.has2[g].val().get_bit(1) {
                self.count4[g].next = self.count_lo[g].val() | 8;
            }
            self.has_g[g].next = self.has2[g].val().any();
            self.has.next = self.has.val().replace_bit(g, self.has_g[g].val());
            self.count.next = self
                .count
                .val()
                .replace_bit(8 * g, self.count4[g].val().get_bit(0));
            self.count.next = self
                .count
                .val()
                .replace_bit(8 * g + 1, self.count4[g].val().get_bit(1));
            self.count.next = self
                .count
                .val()
                .replace_bit(8 * g + 2, self.count4[g].val().get_bit(2));
            self.count.next = self
                .count
                .val()
                .replace_bit(8 * g + 3, self.count4[g].val().get_bit(3));
        }
    }
}

/// Phase 6 as one block (for the phase tests): [`LzcNibbles`] then
/// [`LzcGroupsOf`].
#[derive(LogicBlock, Default)]
pub struct LzcGroups {
    pub mag: Signal<In, Bits<SUM_W>>,
    /// As [`LzcGroupsOf`].
    pub has: Signal<Out, Bits<16>>,
    pub count: Signal<Out, Bits<128>>,
    nibbles: LzcNibbles,
    groups: LzcGroupsOf,
}

impl Logic for LzcGroups {
    #[hdl_gen]
    fn update(&mut self) {
        self.nibbles.mag.next = self.mag.val();
        self.groups.has_n.next = self.nibbles.has.val();
        self.groups.count_n.next = self.nibbles.count.val();
        self.has.next = self.groups.has.val();
        self.count.next = self.groups.count.val();
    }
}

/// Phase 6, second half: the group counts of both candidate magnitudes
/// (from their nibbles), side by side, then the one of the magnitude chosen
/// (`pick_c`: `C − P`).
#[derive(LogicBlock, Default)]
pub struct LzcPair {
    /// [`LzcNibbles`] of `P ± C` and of `C − P`, each ORed with the sentinel.
    pub has_p: Signal<In, Bits<NIBBLES>>,
    pub count_p: Signal<In, Bits<{ 4 * NIBBLES }>>,
    pub has_c: Signal<In, Bits<NIBBLES>>,
    pub count_c: Signal<In, Bits<{ 4 * NIBBLES }>>,
    pub pick_c: Signal<In, Bit>,
    /// As [`LzcGroupsOf`], of the chosen candidate.
    pub has: Signal<Out, Bits<16>>,
    pub count: Signal<Out, Bits<128>>,
    groups_p: LzcGroupsOf,
    groups_c: LzcGroupsOf,
}

impl Logic for LzcPair {
    #[hdl_gen]
    fn update(&mut self) {
        self.groups_p.has_n.next = self.has_p.val();
        self.groups_p.count_n.next = self.count_p.val();
        self.groups_c.has_n.next = self.has_c.val();
        self.groups_c.count_n.next = self.count_c.val();
        self.has.next = self.groups_p.has.val();
        self.count.next = self.groups_p.count.val();
        if self.pick_c.val() {
            self.has.next = self.groups_c.has.val();
            self.count.next = self.groups_c.count.val();
        }
    }
}

/// Phase 7: merge tree of the groups.
#[derive(LogicBlock, Default)]
pub struct LzcMerge {
    pub has: Signal<In, Bits<16>>,
    pub count: Signal<In, Bits<128>>,
    /// Left shift of the sum: its leading-zero count, at most `limit` (the
    /// sentinel); 176 or more when nothing is set.
    pub shift: Signal<Out, Bits<SHIFT_W>>,
    /// Merge levels: 16-, 32-, 64-, 128-bit spans. Counts are 8 bits throughout.
    has1: [Signal<Local, Bit>; 16],
    count1: [Signal<Local, Bits<SHIFT_W>>; 16],
    has2: [Signal<Local, Bit>; 8],
    count2: [Signal<Local, Bits<SHIFT_W>>; 8],
    has3: [Signal<Local, Bit>; 4],
    count3: [Signal<Local, Bits<SHIFT_W>>; 4],
    has4: [Signal<Local, Bit>; 2],
    count4: [Signal<Local, Bits<SHIFT_W>>; 2],
    lz: Signal<Local, Bits<SHIFT_W>>,
}

impl Logic for LzcMerge {
    #[hdl_gen]
    fn update(&mut self) {
        for g in 0..16 {
            self.has1[g].next = self.has.val().get_bit(g);
            self.count1[g].next = self.count.val().get_bits::<SHIFT_W>(8 * g);
        }
        // Group 2k is the upper one of pair k.
        for k in 0..8 {
            self.has2[k].next = self.has1[2 * k].val() | self.has1[2 * k + 1].val();
            self.count2[k].next = self.count1[2 * k].val();
            if !self.has1[2 * k].val() {
                self.count2[k].next = self.count1[2 * k + 1].val() | 16;
            }
        }
        for k in 0..4 {
            self.has3[k].next = self.has2[2 * k].val() | self.has2[2 * k + 1].val();
            self.count3[k].next = self.count2[2 * k].val();
            if !self.has2[2 * k].val() {
                self.count3[k].next = self.count2[2 * k + 1].val() | 32;
            }
        }
        for k in 0..2 {
            self.has4[k].next = self.has3[2 * k].val() | self.has3[2 * k + 1].val();
            self.count4[k].next = self.count3[2 * k].val();
            if !self.has3[2 * k].val() {
                self.count4[k].next = self.count3[2 * k + 1].val() | 64;
            }
        }
        self.lz.next = self.count4[0].val();
        if !self.has4[0].val() {
            self.lz.next = self.count4[1].val() | 128;
        }
        self.shift.next = self.lz.val();
    }
}

/// Phase 8, first half: shift left by 128 and 64 (the shift's top two
/// bits); the result exponent and the overflow flag. Boundary 8m,
/// registered only by the deepest units, follows (measured at depth 10:
/// the four stages with their sticky ORs took 7.2 ns).
#[derive(LogicBlock, Default)]
pub struct NormCoarse {
    pub mag: Signal<In, Bits<SUM_W>>,
    pub shift: Signal<In, Bits<SHIFT_W>>,
    pub limit: Signal<In, Bits<LIMIT_W>>,
    /// The partly shifted sum (bits under 48 unused).
    pub v: Signal<Out, Bits<SUM_W>>,
    pub sticky: Signal<Out, Bit>,
    /// The shift's low six bits, for [`NormMid`] and [`NormFine`].
    pub shift_rest: Signal<Out, Bits<6>>,
    /// Biased exponent of the result's bit 52 before rounding: `limit + 1 − shift`.
    pub e_b: Signal<Out, Bits<LIMIT_W>>,
    /// `e_b > 2046`: the result overflows whatever the rounding. Decided
    /// here on a chain of its own beside `e_b`'s, as `limit − shift − 2046
    /// ≥ 0` (measured: `e_b > 2046` in phase 9, a compare chain after the
    /// register fanning out to the 64-bit forced answer, took 8.2–8.4 ns).
    pub ovf: Signal<Out, Bit>,
    w: Signal<Local, Bits<SUM_W>>,
    st: Signal<Local, Bit>,
    /// `limit + ~shift − 2045` (13-bit two's complement) in carry-save form.
    limit13: Signal<Local, Bits<13>>,
    shift_n: Signal<Local, Bits<13>>,
    o_sum: Signal<Local, Bits<13>>,
    o_carry: Signal<Local, Bits<13>>,
    o_diff: Signal<Local, Bits<13>>,
}

impl Logic for NormCoarse {
    #[hdl_gen]
    fn update(&mut self) {
        self.w.next = self.mag.val();
        if self.shift.val().get_bit(7) {
            self.w.next = self.w.val() << 128;
        }
        if self.shift.val().get_bit(6) {
            self.w.next = self.w.val() << 64;
        }
        // Bits 0..47 after the shift by 128 are zero; without it, the
        // input's: read off the input, beside the shifter (measured: off
        // the shifter's output, 6.55 ns at depth 15).
        self.st.next = !self.shift.val().get_bit(7)
            & !self.shift.val().get_bit(6)
            & self.mag.val().get_bits::<48>(0).any();
        self.v.next = self.w.val();
        self.sticky.next = self.st.val();
        self.shift_rest.next = self.shift.val().get_bits::<6>(0);
        self.e_b.next = self.limit.val() + 1 - bit_cast::<LIMIT_W, SHIFT_W>(self.shift.val());
        // limit − shift − 2046 = limit + ~shift + 1 − 2046; −2045 = 6147 mod 2^13.
        // The range is −2301..=1080 (shift ≤ 255, limit ≤ 3126).
        self.limit13.next = bit_cast::<13, LIMIT_W>(self.limit.val());
        self.shift_n.next = !bit_cast::<13, SHIFT_W>(self.shift.val());
        self.o_sum.next = self.limit13.val() ^ self.shift_n.val() ^ 6147;
        self.o_carry.next = ((self.limit13.val() & self.shift_n.val())
            | (self.limit13.val() & 6147)
            | (self.shift_n.val() & 6147))
            << 1;
        self.o_diff.next = self.o_sum.val() + self.o_carry.val();
        self.ovf.next = !self.o_diff.val().get_bit(12);
    }
}

/// Phase 8, second half: shift left by 32 and 16.
#[derive(LogicBlock, Default)]
pub struct NormMid {
    pub v_in: Signal<In, Bits<SUM_W>>,
    pub sticky_in: Signal<In, Bit>,
    pub shift_rest: Signal<In, Bits<6>>,
    /// The partly shifted sum (bits under 96 unused).
    pub v: Signal<Out, Bits<SUM_W>>,
    pub sticky: Signal<Out, Bit>,
    pub shift_lo: Signal<Out, Bits<4>>,
    w: Signal<Local, Bits<SUM_W>>,
    st: Signal<Local, Bit>,
}

impl Logic for NormMid {
    #[hdl_gen]
    fn update(&mut self) {
        self.w.next = self.v_in.val();
        self.st.next = self.sticky_in.val();
        if self.shift_rest.val().get_bit(5) {
            self.w.next = self.w.val() << 32;
        } else {
            self.st.next = self.st.val() | self.w.val().get_bits::<32>(48).any();
        }
        if self.shift_rest.val().get_bit(4) {
            self.w.next = self.w.val() << 16;
        } else {
            self.st.next = self.st.val() | self.w.val().get_bits::<16>(80).any();
        }
        self.v.next = self.w.val();
        self.sticky.next = self.st.val();
        self.shift_lo.next = self.shift_rest.val().get_bits::<4>(0);
    }
}

/// Phase 9: shift left by 8, 4, 2, 1; the significand, round and sticky bits.
#[derive(LogicBlock, Default)]
pub struct NormFine {
    pub v: Signal<In, Bits<SUM_W>>,
    pub sticky_in: Signal<In, Bit>,
    pub shift_lo: Signal<In, Bits<4>>,
    /// The 53 bits under the window's top (bit 52 clear only for a subnormal).
    pub sig: Signal<Out, Bits<SIG_W>>,
    /// The first bit under `sig`.
    pub round_bit: Signal<Out, Bit>,
    /// The second bit under `sig` (also in `sticky`): the flags' tininess
    /// rounds one bit finer ([`RoundPack`](super::RoundPack)).
    pub round2: Signal<Out, Bit>,
    /// OR of everything under the round bit.
    pub sticky: Signal<Out, Bit>,
    /// `sig`'s fraction bits are all ones (an increment carries into bit
    /// 52), read off the input beside the shifter rather than off `sig`
    /// (measured: the AND tree after the register fanning out to the
    /// exponent field made phase 10 the slowest, 8.0–8.3 ns).
    pub low_ones: Signal<Out, Bit>,
    w: Signal<Local, Bits<SUM_W>>,
    st: Signal<Local, Bit>,
    /// The fraction is `v[163 − k : 112 − k]` for `k = shift_lo`: bits
    /// 112..=148 for every `k`; of bits 97..=111 the top `k`; of bits
    /// 149..=163 all but the top `k`. `lo_out`/`hi_out` mark the bits that
    /// are not part of it.
    lo_out: Signal<Local, Bits<15>>,
    hi_out: Signal<Local, Bits<15>>,
    fifteen_ones: Signal<Local, Bits<15>>,
}

impl Logic for NormFine {
    #[hdl_gen]
    fn update(&mut self) {
        self.w.next = self.v.val();
        self.st.next = self.sticky_in.val();
        if self.shift_lo.val().get_bit(3) {
            self.w.next = self.w.val() << 8;
        } else {
            self.st.next = self.st.val() | self.w.val().get_bits::<8>(96).any();
        }
        if self.shift_lo.val().get_bit(2) {
            self.w.next = self.w.val() << 4;
        } else {
            self.st.next = self.st.val() | self.w.val().get_bits::<4>(104).any();
        }
        if self.shift_lo.val().get_bit(1) {
            self.w.next = self.w.val() << 2;
        } else {
            self.st.next = self.st.val() | self.w.val().get_bits::<2>(108).any();
        }
        if self.shift_lo.val().get_bit(0) {
            self.w.next = self.w.val() << 1;
        } else {
            self.st.next = self.st.val() | self.w.val().get_bit(110);
        }
        self.sig.next = self.w.val().get_bits::<SIG_W>(112);
        self.round_bit.next = self.w.val().get_bit(111);
        self.round2.next = self.w.val().get_bit(110);
        self.sticky.next = self.st.val();
        self.fifteen_ones.next = 0x7FFF.into();
        self.lo_out.next = self.fifteen_ones.val() >> self.shift_lo.val();
        self.hi_out.next = !(self.fifteen_ones.val() >> self.shift_lo.val());
        self.low_ones.next = self.v.val().get_bits::<37>(112).all()
            & (self.v.val().get_bits::<15>(97) | self.lo_out.val()).all()
            & (self.v.val().get_bits::<15>(149) | self.hi_out.val()).all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dfma::model::{self, Normalised, Sum, Wide, EMIN, EXP_BIAS};
    use crate::dfma::rtl::testing::{bits_to_wide, wide_to_bits};
    use crate::unit::{to_bits, xorshift};

    /// The RTL's normalisation of a window value whose top bit (164) weighs
    /// `2^top_exp`.
    fn normalise(mag: Wide, top_exp: i32) -> Normalised {
        let limit = (top_exp - EMIN) as u128;
        let mut decode = SentinelDecode::default();
        let mut sentinel = Sentinel::default();
        let mut groups = LzcGroups::default();
        let mut merge = LzcMerge::default();
        let mut coarse = NormCoarse::default();
        let mut mid = NormMid::default();
        let mut fine = NormFine::default();
        decode.connect_all();
        sentinel.connect_all();
        groups.connect_all();
        merge.connect_all();
        coarse.connect_all();
        mid.connect_all();
        fine.connect_all();
        decode.limit.next = to_bits(limit);
        assert!(simulate(&mut decode, 100));
        sentinel.hi.next = decode.hi.val();
        sentinel.lo.next = decode.lo.val();
        assert!(simulate(&mut sentinel, 100));
        if limit <= 164 {
            assert_eq!(
                bits_to_wide(sentinel.one_hot.val()),
                Wide::from_u128(1).shift_left(164 - limit as u32)
            );
        } else {
            assert!(!sentinel.one_hot.val().any());
        }
        groups.mag.next = wide_to_bits(mag) | sentinel.one_hot.val();
        assert!(simulate(&mut groups, 100));
        merge.has.next = groups.has.val();
        merge.count.next = groups.count.val();
        assert!(simulate(&mut merge, 100));
        coarse.mag.next = wide_to_bits(mag);
        coarse.shift.next = merge.shift.val();
        coarse.limit.next = to_bits(limit);
        assert!(simulate(&mut coarse, 100));
        assert_eq!(coarse.ovf.val(), coarse.e_b.val().to_u64() > 2046);
        mid.v_in.next = coarse.v.val();
        mid.sticky_in.next = coarse.sticky.val();
        mid.shift_rest.next = coarse.shift_rest.val();
        assert!(simulate(&mut mid, 100));
        fine.v.next = mid.v.val();
        fine.sticky_in.next = mid.sticky.val();
        fine.shift_lo.next = mid.shift_lo.val();
        assert!(simulate(&mut fine, 100));
        assert_eq!(
            fine.low_ones.val(),
            fine.sig.val().get_bits::<52>(0).all(),
            "{mag:?} top_exp {top_exp}"
        );
        Normalised {
            sign: false,
            exp: coarse.e_b.val().to_u64() as i32 - EXP_BIAS,
            sig: fine.sig.val().to_u64(),
            round: fine.round_bit.val(),
            sticky: fine.sticky.val(),
        }
    }

    /// Runs of ones under every leading position, long and short of the 52
    /// fraction bits, under scales that stop the shift early: `normalise`
    /// checks `low_ones` against the significand at each.
    #[test]
    fn all_ones_fractions_are_seen_beside_the_shifter() {
        let mut carries = 0;
        for lead in 90..=164u32 {
            for len in [51u32, 52, 53, 54, 60, 70, 165] {
                let low = (lead + 1).saturating_sub(len);
                let mag = Wide::from_u128(1)
                    .shift_left(lead + 1 - low)
                    .wrapping_sub(Wide::from_u128(1))
                    .shift_left(low);
                for top_exp in [EMIN, EMIN + 5, EMIN + 40, EMIN + 400] {
                    let got = normalise(mag, top_exp);
                    carries += (got.sig & ((1 << 52) - 1) == (1 << 52) - 1) as u32;
                    if lead < 164 {
                        let want = model::normalise(&Sum {
                            sign: false,
                            mag,
                            lsb_exp: top_exp - (SUM_W as i32 - 1),
                        });
                        assert_eq!(got, want, "lead {lead} len {len} top_exp {top_exp}");
                    }
                }
            }
        }
        // The directed cases do reach the all-ones fraction.
        assert!(carries > 100, "{carries}");
    }

    /// `ovf` is `e_b > 2046` on its own chain: every shift against limits
    /// across the boundary (`shift ≤ limit`, as the sentinel ensures).
    #[test]
    fn overflow_flag_is_the_exponent_compare() {
        let mut coarse = NormCoarse::default();
        coarse.connect_all();
        coarse.mag.next = to_bits(0);
        for shift in (0..=255u64).step_by(3).chain([254, 255]) {
            for limit in (1790..=2320u64).chain([0, 1, 255, 3125, 3126]) {
                if limit < shift {
                    continue;
                }
                coarse.shift.next = to_bits(shift as u128);
                coarse.limit.next = to_bits(limit as u128);
                assert!(simulate(&mut coarse, 100));
                assert_eq!(coarse.e_b.val().to_u64(), limit + 1 - shift);
                assert_eq!(
                    coarse.ovf.val(),
                    limit + 1 - shift > 2046,
                    "limit {limit} shift {shift}"
                );
            }
        }
    }

    #[test]
    fn matches_the_model_for_every_leading_position_and_limit() {
        let mut state = 5u64;
        for k in 0..1500u32 {
            let mut r = || xorshift(&mut state);
            // A carry into bit 164 is the RTL's alone (the model's window is
            // one bit narrower): those cases need no shift at all.
            let top_bit = k % 16 == 0;
            let full = Wide {
                hi: (r() & ((1 << 36) - 1)) | ((top_bit as u64) << 36),
                lo: (r() as u128) << 64 | r() as u128,
            };
            let mut mag = if top_bit {
                full
            } else {
                full.shift_right(k % SUM_W as u32)
            };
            if k % 2 == 0 {
                // Sparse low bits: round and sticky clear.
                mag.lo &= !((1u128 << (k % 127)) - 1);
            }
            // Window scales from the bottom of the subnormal range to large.
            let top_exp = EMIN + [0, 1, 3, 50, 110, 160, 164, 165, 170, 400][k as usize % 10];
            if mag.is_zero() {
                continue;
            }
            let got = normalise(mag, top_exp);
            let want = if top_bit {
                Normalised {
                    sign: false,
                    exp: top_exp,
                    sig: mag.shift_right(112).lo as u64,
                    round: mag.bit(111),
                    sticky: mag.any_below(111),
                }
            } else {
                model::normalise(&Sum {
                    sign: false,
                    mag,
                    lsb_exp: top_exp - (SUM_W as i32 - 1),
                })
            };
            assert_eq!(got, want, "mag {mag:?} top_exp {top_exp}");
        }
    }

    /// Every `limit` a 12-bit field holds: one bit at `164 − limit` up to
    /// 164, none above (the two-part decoder and its masks).
    #[test]
    fn sentinel_of_every_limit() {
        let mut decode = SentinelDecode::default();
        let mut sentinel = Sentinel::default();
        decode.connect_all();
        sentinel.connect_all();
        for limit in 0..(1u128 << LIMIT_W) {
            decode.limit.next = to_bits(limit);
            assert!(simulate(&mut decode, 100));
            sentinel.hi.next = decode.hi.val();
            sentinel.lo.next = decode.lo.val();
            assert!(simulate(&mut sentinel, 100));
            let want = if limit <= 164 {
                Wide::from_u128(1).shift_left(164 - limit as u32)
            } else {
                Wide::from_u128(0)
            };
            assert_eq!(bits_to_wide(sentinel.one_hot.val()), want, "limit {limit}");
        }
    }
}
