//! The project's one leading-zero counter, parametric in the word width and
//! cut wherever a unit wants a pipeline register.
//!
//! The count is a tree that maps well onto 4-input LUTs: each nibble gives
//! "has a one" and its own 2-bit count (one LUT each, [`LzcNibbles`]; or
//! each byte its 3-bit count, [`LzcBytes`], where that measures faster), then
//! levels of 2:1 merges ([`LzcTree`]) — `count = hi.has ? hi.count :
//! lo.count | span` with `span` the child's width, a single bit since
//! `lo.count < span` — whose selects are ready in parallel with the data.
//! A word of `W` bits takes one nibble level and `log2(W / 4)` merge levels:
//! about five LUT levels at 32 bits, against fifteen for a normalising
//! shifter.
//!
//! Every node carries its count in an 8-bit field ([`FIELD_W`]) so that the
//! merges need no width casts (rust-hdl's `bit_cast` cannot take a loop
//! index); synthesis drops the constant upper bits. An empty node's count
//! is `span − 1` (all ones below its span), so the root of an all-zero word
//! says `W − 1` with `has` clear; [`LeadingZeroCount`] turns that into `W`.
//!
//! Users: the XMU (bit ops' FLO, the conversions' normaliser, through
//! [`LzcBytes32`] / [`LzcMerge32`]), the ATOM's float adders ([`Lzc64`]),
//! DIVSQRT ([`LeadingZeroCount32`]; the SFU's divide engine in two clocks,
//! [`LzcBytes64`] / [`LzcMerge64`]), the MUFU's phase 6 ([`LzcBytes`]) and
//! the SFU's subnormal count ([`LzcNibbles32`] / [`LzcMergeNibbles32`]).
//! The DFMA's phases 6–7 write the same nibble leaves and merges out by hand
//! (see `dfma::rtl::normalise` for the measurement that keeps them).
//!
//! Rust cannot compute a width from another in a type (`Bits<{ 8 * N }>`),
//! so the blocks take every width as a parameter and check the relations
//! when built; the aliases ([`Lzc32`], [`Lzc64`]) spell them out once.
//!
//! The tree lives in one flat array of nodes, level after level (level 0
//! the inputs, then `NI/2`, `NI/4` … down to `NO` nodes): node `k` of a
//! level has children `2k` (lower bits) and `2k + 1` (upper bits) of the
//! level below. Level offsets and spans reach the `#[hdl_gen]` code as
//! one-iteration loop indices, the only place it can take a computed
//! constant.

use rust_hdl::prelude::*;

/// Width of each node's count field.
pub const FIELD_W: usize = 8;
/// The deepest tree the blocks build (`NI / NO ≤ 2^MAX_LEVELS`).
pub const MAX_LEVELS: usize = 6;

/// Nodes of level `l` of a tree with `ni` inputs, and where the level
/// starts in the flat array.
const fn level(ni: usize, l: usize) -> (usize, usize) {
    let mut offset = 0;
    let mut i = 0;
    while i < l {
        offset += ni >> i;
        i += 1;
    }
    (ni >> l, offset)
}

/// Number of merge levels from `ni` nodes down to `no`.
const fn levels(ni: usize, no: usize) -> usize {
    let mut l = 0;
    while (ni >> l) > no {
        l += 1;
    }
    l
}

/// Per nibble `k` of `x` (bits `4k + 3 .. 4k`): whether it holds a one
/// (`has` bit `k`) and its leading zeros, 3 when empty (`count` bits
/// `8k + 7 .. 8k`). `W = 4·N`, `F = 8·N`.
#[derive(LogicBlock)]
pub struct LzcNibbles<const W: usize, const N: usize, const F: usize> {
    /// The word to examine.
    pub x: Signal<In, Bits<W>>,
    /// Bit `k`: nibble `k` holds a one.
    pub has: Signal<Out, Bits<N>>,
    /// Field `k`: nibble `k`'s leading zeros.
    pub count: Signal<Out, Bits<F>>,
    nibble: [Signal<Local, Bits<4>>; N],
    /// Named flags: a reduction inside `replace_bit` exports as a 1-bit
    /// value in a wider shift, which the lint policy rejects.
    has1: [Signal<Local, Bit>; N],
    count1: [Signal<Local, Bits<2>>; N],
}

impl<const W: usize, const N: usize, const F: usize> Default for LzcNibbles<W, N, F> {
    fn default() -> Self {
        assert!(
            W == 4 * N && F == FIELD_W * N,
            "LzcNibbles<{W}, {N}, {F}>: W = 4N, F = 8N"
        );
        Self {
            x: Default::default(),
            has: Default::default(),
            count: Default::default(),
            nibble: std::array::from_fn(|_| Default::default()),
            has1: std::array::from_fn(|_| Default::default()),
            count1: std::array::from_fn(|_| Default::default()),
        }
    }
}

impl<const W: usize, const N: usize, const F: usize> Logic for LzcNibbles<W, N, F> {
    #[hdl_gen]
    fn update(&mut self) {
        self.has.next = 0.into();
        self.count.next = 0.into();
        for k in 0..N {
            self.nibble[k].next = self.x.val().get_bits::<4>(4 * k);
            self.has1[k].next = self.nibble[k].val().any();
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
            self.has.next = self.has.val().replace_bit(k, self.has1[k].val());
            self.count.next = self
                .count
                .val()
                .replace_bit(8 * k, self.count1[k].val().get_bit(0));
            self.count.next = self
                .count
                .val()
                .replace_bit(8 * k + 1, self.count1[k].val().get_bit(1));
        }
    }
}

/// Per byte `k` of `x` (bits `8k + 7 .. 8k`): whether it holds a one (`has`
/// bit `k`) and its leading zeros, 7 when empty (`count` bits `8k + 7 ..
/// 8k`) — the leaves for a unit that wants the byte level at once, as the
/// MUFU's phase 6 does (a byte's 3-bit count straight from its eight bits
/// maps to fewer LUT levels after a carry chain than a nibble level and a
/// merge: measured on `mufu` at depth 15, 128.11 / 125.85 / 125.47 MHz
/// against 122.22 / 117.87 / 120.77). `W = 8·N`, `F = 8·N`.
#[derive(LogicBlock)]
pub struct LzcBytes<const W: usize, const N: usize, const F: usize> {
    /// The word to examine.
    pub x: Signal<In, Bits<W>>,
    /// Bit `k`: byte `k` holds a one.
    pub has: Signal<Out, Bits<N>>,
    /// Field `k`: byte `k`'s leading zeros.
    pub count: Signal<Out, Bits<F>>,
    byte: [Signal<Local, Bits<8>>; N],
    /// Named flags (see [`LzcNibbles`]).
    has1: [Signal<Local, Bit>; N],
    count1: [Signal<Local, Bits<3>>; N],
}

impl<const W: usize, const N: usize, const F: usize> Default for LzcBytes<W, N, F> {
    fn default() -> Self {
        assert!(
            W == 8 * N && F == FIELD_W * N,
            "LzcBytes<{W}, {N}, {F}>: W = 8N, F = 8N"
        );
        Self {
            x: Default::default(),
            has: Default::default(),
            count: Default::default(),
            byte: std::array::from_fn(|_| Default::default()),
            has1: std::array::from_fn(|_| Default::default()),
            count1: std::array::from_fn(|_| Default::default()),
        }
    }
}

impl<const W: usize, const N: usize, const F: usize> Logic for LzcBytes<W, N, F> {
    #[hdl_gen]
    fn update(&mut self) {
        self.has.next = 0.into();
        self.count.next = 0.into();
        for k in 0..N {
            self.byte[k].next = self.x.val().get_bits::<8>(8 * k);
            self.has1[k].next = self.byte[k].val() != 0;
            self.count1[k].next = 7.into();
            if self.byte[k].val().get_bit(1) {
                self.count1[k].next = 6.into();
            }
            if self.byte[k].val().get_bit(2) {
                self.count1[k].next = 5.into();
            }
            if self.byte[k].val().get_bit(3) {
                self.count1[k].next = 4.into();
            }
            if self.byte[k].val().get_bit(4) {
                self.count1[k].next = 3.into();
            }
            if self.byte[k].val().get_bit(5) {
                self.count1[k].next = 2.into();
            }
            if self.byte[k].val().get_bit(6) {
                self.count1[k].next = 1.into();
            }
            if self.byte[k].val().get_bit(7) {
                self.count1[k].next = 0.into();
            }
            self.has.next = self.has.val().replace_bit(k, self.has1[k].val());
            self.count.next = self
                .count
                .val()
                .replace_bit(8 * k, self.count1[k].val().get_bit(0));
            self.count.next = self
                .count
                .val()
                .replace_bit(8 * k + 1, self.count1[k].val().get_bit(1));
            self.count.next = self
                .count
                .val()
                .replace_bit(8 * k + 2, self.count1[k].val().get_bit(2));
        }
    }
}

/// Merges `NI` nodes of span `S` bits (flags in `has_in`, 8-bit count
/// fields in `count_in`, node 0 the least significant) into `NO` nodes of
/// span `S·NI/NO`, pairwise, level by level. `FI = 8·NI`, `FO = 8·NO`,
/// `T` = every node of every level (`2·NI − NO`); `NI/NO` a power of two
/// (1 passes the nodes through).
#[derive(LogicBlock)]
pub struct LzcTree<
    const NI: usize,
    const FI: usize,
    const NO: usize,
    const FO: usize,
    const S: usize,
    const T: usize,
> {
    pub has_in: Signal<In, Bits<NI>>,
    pub count_in: Signal<In, Bits<FI>>,
    /// Bit `k`: output node `k` holds a one.
    pub has: Signal<Out, Bits<NO>>,
    /// Field `k`: output node `k`'s leading zeros (`span − 1` when empty).
    pub count: Signal<Out, Bits<FO>>,
    node_has: [Signal<Local, Bit>; T],
    node_count: [Signal<Local, Bits<FIELD_W>>; T],
}

impl<
        const NI: usize,
        const FI: usize,
        const NO: usize,
        const FO: usize,
        const S: usize,
        const T: usize,
    > LzcTree<NI, FI, NO, FO, S, T>
{
    /// Merge levels in this block.
    pub const LEVELS: usize = levels(NI, NO);

    /// `(nodes, offset of the level, offset of the level below, log2 of the
    /// child span)` of merge level `l` (1-based), or zero nodes when the
    /// tree has fewer levels.
    const fn merge(l: usize) -> (usize, usize, usize, usize) {
        if l > Self::LEVELS {
            return (0, 0, 0, 0);
        }
        let (n, at) = level(NI, l);
        let (_, below) = level(NI, l - 1);
        (n, at, below, S.trailing_zeros() as usize + l - 1)
    }
}

impl<
        const NI: usize,
        const FI: usize,
        const NO: usize,
        const FO: usize,
        const S: usize,
        const T: usize,
    > Default for LzcTree<NI, FI, NO, FO, S, T>
{
    fn default() -> Self {
        assert!(
            FI == FIELD_W * NI
                && FO == FIELD_W * NO
                && NI.is_multiple_of(NO)
                && (NI / NO).is_power_of_two()
                && T == 2 * NI - NO
                && S.is_power_of_two()
                && Self::LEVELS <= MAX_LEVELS
                && (S << Self::LEVELS) <= 1 << FIELD_W,
            "LzcTree<{NI}, {FI}, {NO}, {FO}, {S}, {T}>: FI = 8NI, FO = 8NO, NI/NO = 2^k ≤ 64, T = 2NI − NO, spans ≤ 256"
        );
        Self {
            has_in: Default::default(),
            count_in: Default::default(),
            has: Default::default(),
            count: Default::default(),
            node_has: std::array::from_fn(|_| Default::default()),
            node_count: std::array::from_fn(|_| Default::default()),
        }
    }
}

/// `LzcTree`'s `update` with one block per possible merge level (1 ..=
/// [`MAX_LEVELS`]): `#[hdl_gen]` cannot take a loop's bounds from an outer
/// loop's index, so the levels are spelled out by this macro before it sees
/// them. A level the tree does not have runs zero times; `at`, `below` and
/// `p` are one-iteration loops: the level's offset, its children's offset,
/// log2 of the child span (the only way a computed constant reaches the
/// generated code).
macro_rules! lzc_tree_logic {
    ($($level:literal)*) => {
        impl<
                const NI: usize,
                const FI: usize,
                const NO: usize,
                const FO: usize,
                const S: usize,
                const T: usize,
            > Logic for LzcTree<NI, FI, NO, FO, S, T>
        {
            #[hdl_gen]
            fn update(&mut self) {
                for k in 0..NI {
                    self.node_has[k].next = self.has_in.val().get_bit(k);
                    self.node_count[k].next = self.count_in.val().get_bits::<FIELD_W>(8 * k);
                }
                $(
                for at in (Self::merge($level).1)..(Self::merge($level).1 + 1) {
                    for below in (Self::merge($level).2)..(Self::merge($level).2 + 1) {
                        for p in (Self::merge($level).3)..(Self::merge($level).3 + 1) {
                            for k in 0..(Self::merge($level).0) {
                                self.node_has[at + k].next = self.node_has[below + 2 * k].val()
                                    | self.node_has[below + 2 * k + 1].val();
                                self.node_count[at + k].next =
                                    self.node_count[below + 2 * k + 1].val();
                                if !self.node_has[below + 2 * k + 1].val() {
                                    self.node_count[at + k].next = self.node_count[below + 2 * k]
                                        .val()
                                        .replace_bit(p, true);
                                }
                            }
                        }
                    }
                }
                )*
                self.has.next = 0.into();
                self.count.next = 0.into();
                for top in (T - NO)..(T - NO + 1) {
                    for k in 0..NO {
                        self.has.next = self.has.val().replace_bit(k, self.node_has[top + k].val());
                        for b in 0..FIELD_W {
                            self.count.next = self.count.val().replace_bit(
                                8 * k + b,
                                self.node_count[top + k].val().get_bit(b),
                            );
                        }
                    }
                }
            }
        }
    };
}

lzc_tree_logic!(1 2 3 4 5 6);
const _: () = assert!(
    MAX_LEVELS == 6,
    "lzc_tree_logic! spells out MAX_LEVELS levels"
);

/// Combinational count of leading zeros of a `W`-bit word: [`LzcNibbles`]
/// then one [`LzcTree`] to the root; `count == W` exactly when `x == 0`.
/// `N = W/4` nibbles, `F = 8N`, `T = 2N − 1` tree nodes, `CW` the count's
/// width (`W < 2^CW ≤ 256`). Use the aliases [`Lzc32`], [`Lzc64`] or
/// write the parameters once in an alias of your own.
#[derive(LogicBlock)]
pub struct LeadingZeroCount<
    const W: usize,
    const N: usize,
    const F: usize,
    const T: usize,
    const CW: usize,
> {
    /// The word to examine.
    pub x: Signal<In, Bits<W>>,
    /// Number of zeros above the most significant set bit (`W` for zero).
    pub count: Signal<Out, Bits<CW>>,
    nibbles: LzcNibbles<W, N, F>,
    tree: LzcTree<N, F, 1, FIELD_W, 4, T>,
    width: Constant<Bits<CW>>,
}

impl<const W: usize, const N: usize, const F: usize, const T: usize, const CW: usize> Default
    for LeadingZeroCount<W, N, F, T, CW>
{
    fn default() -> Self {
        assert!(
            W < 1 << CW && CW <= FIELD_W,
            "LeadingZeroCount<{W}, …, {CW}>: W < 2^CW ≤ 256"
        );
        Self {
            x: Default::default(),
            count: Default::default(),
            nibbles: Default::default(),
            tree: Default::default(),
            width: Constant::new((W as u64).into()),
        }
    }
}

impl<const W: usize, const N: usize, const F: usize, const T: usize, const CW: usize> Logic
    for LeadingZeroCount<W, N, F, T, CW>
{
    #[hdl_gen]
    fn update(&mut self) {
        self.nibbles.x.next = self.x.val();
        self.tree.has_in.next = self.nibbles.has.val();
        self.tree.count_in.next = self.nibbles.count.val();
        self.count.next = self.tree.count.val().get_bits::<CW>(0);
        if !self.tree.has.val().any() {
            self.count.next = self.width.val();
        }
    }
}

/// Leading zeros of a 32-bit word.
pub type Lzc32 = LeadingZeroCount<32, 8, 64, 15, 6>;
/// Leading zeros of a 64-bit word.
pub type Lzc64 = LeadingZeroCount<64, 16, 128, 31, 7>;

/// Leading zeros of a 32-bit word (the name the units used before the
/// parametric counter).
pub type LeadingZeroCount32 = Lzc32;

/// A 32-bit count cut after the byte level, for a pipeline register there:
/// per byte `j` of `x`, whether it holds a one and its own leading zeros
/// (0..=7), packed in 3-bit fields. [`LzcMerge32`] finishes the count.
#[derive(LogicBlock, Default)]
pub struct LzcBytes32 {
    /// The word to examine.
    pub x: Signal<In, Bits<32>>,
    /// Bit j: byte j (bits 8j+7..8j) holds a one.
    pub byte_has: Signal<Out, Bits<4>>,
    /// Bits 3j+2..3j: leading zeros of byte j (meaningful when it holds a one).
    pub byte_count: Signal<Out, Bits<12>>,
    nibbles: LzcNibbles<32, 8, 64>,
    bytes: LzcTree<8, 64, 4, 32, 4, 12>,
}

impl Logic for LzcBytes32 {
    #[hdl_gen]
    fn update(&mut self) {
        self.nibbles.x.next = self.x.val();
        self.bytes.has_in.next = self.nibbles.has.val();
        self.bytes.count_in.next = self.nibbles.count.val();
        self.byte_has.next = self.bytes.has.val();
        self.byte_count.next = (bit_cast::<12, 3>(self.bytes.count.val().get_bits::<3>(24)) << 9)
            | (bit_cast::<12, 3>(self.bytes.count.val().get_bits::<3>(16)) << 6)
            | (bit_cast::<12, 3>(self.bytes.count.val().get_bits::<3>(8)) << 3)
            | bit_cast::<12, 3>(self.bytes.count.val().get_bits::<3>(0));
    }
}

/// Merges the per-byte results of [`LzcBytes32`] into the word's count.
#[derive(LogicBlock)]
pub struct LzcMerge32 {
    /// From [`LzcBytes32::byte_has`].
    pub byte_has: Signal<In, Bits<4>>,
    /// From [`LzcBytes32::byte_count`].
    pub byte_count: Signal<In, Bits<12>>,
    /// Number of zeros above the most significant set bit (32 for zero).
    pub count: Signal<Out, Bits<6>>,
    tree: LzcTree<4, 32, 1, 8, 8, 7>,
    width: Constant<Bits<6>>,
}

impl Default for LzcMerge32 {
    fn default() -> Self {
        Self {
            byte_has: Default::default(),
            byte_count: Default::default(),
            count: Default::default(),
            tree: Default::default(),
            width: Constant::new(32.into()),
        }
    }
}

impl Logic for LzcMerge32 {
    #[hdl_gen]
    fn update(&mut self) {
        self.tree.has_in.next = self.byte_has.val();
        self.tree.count_in.next = (bit_cast::<32, 3>(self.byte_count.val().get_bits::<3>(9)) << 24)
            | (bit_cast::<32, 3>(self.byte_count.val().get_bits::<3>(6)) << 16)
            | (bit_cast::<32, 3>(self.byte_count.val().get_bits::<3>(3)) << 8)
            | bit_cast::<32, 3>(self.byte_count.val().get_bits::<3>(0));
        self.count.next = self.tree.count.val().get_bits::<6>(0);
        if !self.tree.has.val().any() {
            self.count.next = self.width.val();
        }
    }
}

/// A 32-bit count cut after the nibble level, for a pipeline register
/// there: per nibble `k` of `x`, whether it holds a one and its own leading
/// zeros (0..=3), packed in 2-bit fields. [`LzcMergeNibbles32`] finishes
/// the count (the SFU's subnormal count: the nibbles in one phase, the
/// merges in the next).
#[derive(LogicBlock, Default)]
pub struct LzcNibbles32 {
    /// The word to examine.
    pub x: Signal<In, Bits<32>>,
    /// Bit k: nibble k (bits 4k+3..4k) holds a one.
    pub nib_has: Signal<Out, Bits<8>>,
    /// Bits 2k+1..2k: leading zeros of nibble k (meaningful when it holds a one).
    pub nib_count: Signal<Out, Bits<16>>,
    nibbles: LzcNibbles<32, 8, 64>,
    fields: Signal<Local, Bits<64>>,
}

impl Logic for LzcNibbles32 {
    #[hdl_gen]
    fn update(&mut self) {
        self.nibbles.x.next = self.x.val();
        self.nib_has.next = self.nibbles.has.val();
        self.fields.next = self.nibbles.count.val();
        self.nib_count.next = 0.into();
        for k in 0..8 {
            for b in 0..2 {
                self.nib_count.next = self
                    .nib_count
                    .val()
                    .replace_bit(2 * k + b, self.fields.val().get_bit(8 * k + b));
            }
        }
    }
}

/// Merges the per-nibble results of [`LzcNibbles32`] into the word's count.
#[derive(LogicBlock)]
pub struct LzcMergeNibbles32 {
    /// From [`LzcNibbles32::nib_has`].
    pub nib_has: Signal<In, Bits<8>>,
    /// From [`LzcNibbles32::nib_count`].
    pub nib_count: Signal<In, Bits<16>>,
    /// Number of zeros above the most significant set bit (32 for zero).
    pub count: Signal<Out, Bits<6>>,
    tree: LzcTree<8, 64, 1, 8, 4, 15>,
    fields: Signal<Local, Bits<64>>,
    width: Constant<Bits<6>>,
}

impl Default for LzcMergeNibbles32 {
    fn default() -> Self {
        Self {
            nib_has: Default::default(),
            nib_count: Default::default(),
            count: Default::default(),
            tree: Default::default(),
            fields: Default::default(),
            width: Constant::new(32.into()),
        }
    }
}

impl Logic for LzcMergeNibbles32 {
    #[hdl_gen]
    fn update(&mut self) {
        self.fields.next = 0.into();
        for k in 0..8 {
            for b in 0..2 {
                self.fields.next = self
                    .fields
                    .val()
                    .replace_bit(8 * k + b, self.nib_count.val().get_bit(2 * k + b));
            }
        }
        self.tree.has_in.next = self.nib_has.val();
        self.tree.count_in.next = self.fields.val();
        self.count.next = self.tree.count.val().get_bits::<6>(0);
        if !self.tree.has.val().any() {
            self.count.next = self.width.val();
        }
    }
}

/// Width of a 64-bit count cut after its byte level ([`LzcBytes64`]): eight
/// flags (bits 31 … 24) and eight 3-bit counts (bits 23 … 0).
pub const LZ_BYTES_W: usize = 32;

/// A 64-bit count cut after the byte level, for a pipeline register there:
/// per byte of `x`, whether it holds a one and its own leading zeros,
/// packed as [`LZ_BYTES_W`] bits (the high word's bytes above the low
/// word's; [`LzcBytes32`] per word). [`LzcMerge64`] finishes the count a
/// clock later (the SFU's divide engine, `divsqrt::rtl::Divsqrt::with`:
/// the whole count in one clock placed at 6.8–6.9 ns on every seed of the
/// SFU).
#[derive(LogicBlock, Default)]
pub struct LzcBytes64 {
    pub x: Signal<In, Bits<64>>,
    pub part: Signal<Out, Bits<LZ_BYTES_W>>,
    hi: LzcBytes32,
    lo: LzcBytes32,
}

impl Logic for LzcBytes64 {
    #[hdl_gen]
    fn update(&mut self) {
        self.hi.x.next = self.x.val().get_bits::<32>(32);
        self.lo.x.next = self.x.val().get_bits::<32>(0);
        self.part.next = (bit_cast::<LZ_BYTES_W, 4>(self.hi.byte_has.val()) << 28)
            | (bit_cast::<LZ_BYTES_W, 4>(self.lo.byte_has.val()) << 24)
            | (bit_cast::<LZ_BYTES_W, 12>(self.hi.byte_count.val()) << 12)
            | bit_cast::<LZ_BYTES_W, 12>(self.lo.byte_count.val());
    }
}

/// Merges the per-byte results of [`LzcBytes64`] into the word's count
/// (64 when it is 0): [`LzcMerge32`] per word, the low word's count + 32
/// when the high word is empty.
#[derive(LogicBlock, Default)]
pub struct LzcMerge64 {
    pub part: Signal<In, Bits<LZ_BYTES_W>>,
    pub lz: Signal<Out, Bits<7>>,
    hi: LzcMerge32,
    lo: LzcMerge32,
}

impl Logic for LzcMerge64 {
    #[hdl_gen]
    fn update(&mut self) {
        self.hi.byte_has.next = self.part.val().get_bits::<4>(28);
        self.lo.byte_has.next = self.part.val().get_bits::<4>(24);
        self.hi.byte_count.next = self.part.val().get_bits::<12>(12);
        self.lo.byte_count.next = self.part.val().get_bits::<12>(0);
        self.lz.next = bit_cast::<7, 6>(self.hi.count.val());
        if self.hi.count.val().get_bit(5) {
            self.lz.next = bit_cast::<7, 6>(self.lo.count.val()) + 32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(width: u32) -> Vec<u64> {
        let mask = u64::MAX >> (64 - width);
        let mut v = vec![0, mask];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for k in 0..width {
            v.push(1 << k);
            v.push((1u64 << k).wrapping_sub(1) & mask);
            for _ in 0..8 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                v.push((state & ((1u64 << k) - 1)) | (1 << k));
            }
        }
        v
    }

    #[test]
    fn counts_every_leading_one_position_at_32_and_64_bits() {
        let mut uut = Lzc32::default();
        uut.connect_all();
        for x in words(32) {
            uut.x.next = x.to_bits();
            assert!(simulate(&mut uut, 100), "logic did not settle");
            assert_eq!(
                uut.count.val().to_u64(),
                (x as u32).leading_zeros() as u64,
                "{x:08x}"
            );
        }
        let mut uut = Lzc64::default();
        uut.connect_all();
        for x in words(64) {
            uut.x.next = x.to_bits();
            assert!(simulate(&mut uut, 100), "logic did not settle");
            assert_eq!(
                uut.count.val().to_u64(),
                x.leading_zeros() as u64,
                "{x:016x}"
            );
        }
    }

    #[test]
    fn the_byte_cut_pair_counts_like_the_whole_tree() {
        let mut bytes = LzcBytes32::default();
        let mut merge = LzcMerge32::default();
        bytes.connect_all();
        merge.connect_all();
        for x in words(32) {
            bytes.x.next = x.to_bits();
            assert!(simulate(&mut bytes, 100));
            merge.byte_has.next = bytes.byte_has.val();
            merge.byte_count.next = bytes.byte_count.val();
            assert!(simulate(&mut merge, 100));
            assert_eq!(
                merge.count.val().to_u64(),
                (x as u32).leading_zeros() as u64,
                "{x:08x}"
            );
        }
    }

    #[test]
    fn the_64_bit_byte_cut_pair_counts_like_leading_zeros() {
        let mut bytes = LzcBytes64::default();
        let mut merge = LzcMerge64::default();
        bytes.connect_all();
        merge.connect_all();
        for x in words(64) {
            bytes.x.next = x.to_bits();
            assert!(simulate(&mut bytes, 100));
            merge.part.next = bytes.part.val();
            assert!(simulate(&mut merge, 100));
            assert_eq!(
                merge.lz.val().to_u64(),
                x.leading_zeros() as u64,
                "{x:016x}"
            );
        }
    }

    #[test]
    fn the_nibble_cut_pair_counts_like_the_whole_tree() {
        let mut nibbles = LzcNibbles32::default();
        let mut merge = LzcMergeNibbles32::default();
        nibbles.connect_all();
        merge.connect_all();
        for x in words(32) {
            nibbles.x.next = x.to_bits();
            assert!(simulate(&mut nibbles, 100));
            merge.nib_has.next = nibbles.nib_has.val();
            merge.nib_count.next = nibbles.nib_count.val();
            assert!(simulate(&mut merge, 100));
            assert_eq!(
                merge.count.val().to_u64(),
                (x as u32).leading_zeros() as u64,
                "{x:08x}"
            );
        }
    }

    #[test]
    fn byte_leaves_count_each_byte() {
        let mut bytes = LzcBytes::<40, 5, 40>::default();
        bytes.connect_all();
        for x in words(40) {
            bytes.x.next = x.to_bits();
            assert!(simulate(&mut bytes, 100));
            for k in 0..5 {
                let b = (x >> (8 * k)) as u8;
                assert_eq!(bytes.has.val().get_bit(k), b != 0, "{x:010x} byte {k}");
                if b != 0 {
                    let count = bytes.count.val().get_bits::<8>(8 * k).to_u64();
                    assert_eq!(count, b.leading_zeros() as u64, "{x:010x} byte {k}");
                }
            }
        }
    }

    #[test]
    fn a_cut_tree_gives_each_node_its_own_count() {
        // 64 bits as nibbles, then a tree down to four 16-bit groups.
        let mut nibbles = LzcNibbles::<64, 16, 128>::default();
        let mut groups = LzcTree::<16, 128, 4, 32, 4, 28>::default();
        nibbles.connect_all();
        groups.connect_all();
        for x in words(64) {
            nibbles.x.next = x.to_bits();
            assert!(simulate(&mut nibbles, 100));
            groups.has_in.next = nibbles.has.val();
            groups.count_in.next = nibbles.count.val();
            assert!(simulate(&mut groups, 100));
            for g in 0..4 {
                let part = (x >> (16 * g)) as u16;
                assert_eq!(groups.has.val().get_bit(g), part != 0, "{x:016x} group {g}");
                let count = groups.count.val().get_bits::<8>(8 * g).to_u64();
                let want = if part == 0 {
                    15
                } else {
                    part.leading_zeros() as u64
                };
                assert_eq!(count, want, "{x:016x} group {g}");
            }
        }
    }
}
