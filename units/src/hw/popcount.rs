//! Population count of a 32-bit word as a tree of small adders. The first level
//! needs no adder: the count of a bit pair (a, b) is {a & b, a ^ b}. Then the
//! 2-bit pair counts are added in fields of 3, 4, 5 and 6 bits, each adder only as
//! wide as its sum, so no carry chain is longer than six bits.
//!
//! The tree is cut after the byte level so that a pipeline register can sit
//! there: [`PopCountBytes32`] counts each byte, [`SumByteCounts`] adds the four
//! counts; [`PopCount32`] is the two back to back.

use rust_hdl::prelude::*;

/// The number of set bits of each byte of `x`.
#[derive(LogicBlock, Default)]
pub struct PopCountBytes32 {
    /// The word to count.
    pub x: Signal<In, Bits<32>>,
    /// Bits 4j+3..4j: the number of ones in byte j (0..=8).
    pub byte_counts: Signal<Out, Bits<16>>,
    /// Even and odd bits of `x`, aligned.
    even: Signal<Local, Bits<32>>,
    odd: Signal<Local, Bits<32>>,
    /// Sixteen 2-bit pair counts packed as in `x`.
    pairs: Signal<Local, Bits<32>>,
    /// Counts of nibbles, bytes and half words.
    nibbles: [Signal<Local, Bits<3>>; 8],
    bytes: [Signal<Local, Bits<4>>; 4],
}

impl Logic for PopCountBytes32 {
    #[hdl_gen]
    fn update(&mut self) {
        self.even.next = self.x.val() & 0x5555_5555_u64;
        self.odd.next = (self.x.val() >> 1) & 0x5555_5555_u64;
        self.pairs.next =
            ((self.even.val() & self.odd.val()) << 1) | (self.even.val() ^ self.odd.val());
        // rust-hdl's loop indices cannot do arithmetic in slice offsets: one line each.
        self.nibbles[0].next = bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(0))
            + bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(2));
        self.nibbles[1].next = bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(4))
            + bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(6));
        self.nibbles[2].next = bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(8))
            + bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(10));
        self.nibbles[3].next = bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(12))
            + bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(14));
        self.nibbles[4].next = bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(16))
            + bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(18));
        self.nibbles[5].next = bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(20))
            + bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(22));
        self.nibbles[6].next = bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(24))
            + bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(26));
        self.nibbles[7].next = bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(28))
            + bit_cast::<3, 2>(self.pairs.val().get_bits::<2>(30));
        self.bytes[0].next =
            bit_cast::<4, 3>(self.nibbles[0].val()) + bit_cast::<4, 3>(self.nibbles[1].val());
        self.bytes[1].next =
            bit_cast::<4, 3>(self.nibbles[2].val()) + bit_cast::<4, 3>(self.nibbles[3].val());
        self.bytes[2].next =
            bit_cast::<4, 3>(self.nibbles[4].val()) + bit_cast::<4, 3>(self.nibbles[5].val());
        self.bytes[3].next =
            bit_cast::<4, 3>(self.nibbles[6].val()) + bit_cast::<4, 3>(self.nibbles[7].val());
        self.byte_counts.next = (bit_cast::<16, 4>(self.bytes[3].val()) << 12)
            | (bit_cast::<16, 4>(self.bytes[2].val()) << 8)
            | (bit_cast::<16, 4>(self.bytes[1].val()) << 4)
            | bit_cast::<16, 4>(self.bytes[0].val());
    }
}

/// Adds the four byte counts of [`PopCountBytes32`].
#[derive(LogicBlock, Default)]
pub struct SumByteCounts {
    /// From [`PopCountBytes32::byte_counts`].
    pub byte_counts: Signal<In, Bits<16>>,
    /// Their sum (0..=32).
    pub count: Signal<Out, Bits<6>>,
    /// Counts of the half words.
    halves: [Signal<Local, Bits<5>>; 2],
}

impl Logic for SumByteCounts {
    #[hdl_gen]
    fn update(&mut self) {
        self.halves[0].next = bit_cast::<5, 4>(self.byte_counts.val().get_bits::<4>(0))
            + bit_cast::<5, 4>(self.byte_counts.val().get_bits::<4>(4));
        self.halves[1].next = bit_cast::<5, 4>(self.byte_counts.val().get_bits::<4>(8))
            + bit_cast::<5, 4>(self.byte_counts.val().get_bits::<4>(12));
        self.count.next =
            bit_cast::<6, 5>(self.halves[0].val()) + bit_cast::<6, 5>(self.halves[1].val());
    }
}

/// Combinational number of set bits of `x` (0..=32).
#[derive(LogicBlock, Default)]
pub struct PopCount32 {
    /// The word to count.
    pub x: Signal<In, Bits<32>>,
    /// Number of ones in `x`.
    pub count: Signal<Out, Bits<6>>,
    bytes: PopCountBytes32,
    sum: SumByteCounts,
}

impl Logic for PopCount32 {
    #[hdl_gen]
    fn update(&mut self) {
        self.bytes.x.next = self.x.val();
        self.sum.byte_counts.next = self.bytes.byte_counts.val();
        self.count.next = self.sum.count.val();
    }
}
