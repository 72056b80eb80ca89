//! Leading-zero count of a 32-bit word as a tree, the shape that maps well onto
//! 4-input LUTs: each nibble gives "has a one" and its own 2-bit count (one LUT
//! each), then three levels of 2:1 merges — `count = hi.has ? {0, hi.count} :
//! {1, lo.count}` — whose selects are ready in parallel with the data.
//! About five LUT levels in all, against fifteen for a normalising shifter.
//!
//! The tree is cut after the byte level so that a pipeline register can sit
//! there: [`LzcBytes32`] gives each byte's flag and count, [`LzcMerge32`] merges
//! them; [`LeadingZeroCount32`] is the two back to back.

use rust_hdl::prelude::*;

/// Per byte of `x`: whether it holds a one, and its own leading zeros (0..=7).
#[derive(LogicBlock, Default)]
pub struct LzcBytes32 {
    /// The word to examine.
    pub x: Signal<In, Bits<32>>,
    /// Bit j: byte j (bits 8j+7..8j) holds a one.
    pub byte_has: Signal<Out, Bits<4>>,
    /// Bits 3j+2..3j: leading zeros of byte j (meaningful when it holds a one).
    pub byte_count: Signal<Out, Bits<12>>,
    /// Nibble `i`: bits 4i+3..4i of `x`.
    nibble: [Signal<Local, Bits<4>>; 8],
    /// Per nibble: it holds a one; its leading zeros.
    has1: [Signal<Local, Bit>; 8],
    count1: [Signal<Local, Bits<2>>; 8],
    /// Per byte (merge of nibbles 2j+1, 2j).
    count2: [Signal<Local, Bits<3>>; 4],
}

impl Logic for LzcBytes32 {
    #[hdl_gen]
    fn update(&mut self) {
        // rust-hdl's loop indices cannot do arithmetic in slice offsets: one line each.
        self.nibble[0].next = self.x.val().get_bits::<4>(0);
        self.nibble[1].next = self.x.val().get_bits::<4>(4);
        self.nibble[2].next = self.x.val().get_bits::<4>(8);
        self.nibble[3].next = self.x.val().get_bits::<4>(12);
        self.nibble[4].next = self.x.val().get_bits::<4>(16);
        self.nibble[5].next = self.x.val().get_bits::<4>(20);
        self.nibble[6].next = self.x.val().get_bits::<4>(24);
        self.nibble[7].next = self.x.val().get_bits::<4>(28);
        for i in 0..8 {
            self.has1[i].next = self.nibble[i].val().any();
            self.count1[i].next = 3.into();
            if self.nibble[i].val().get_bit(1) {
                self.count1[i].next = 2.into();
            }
            if self.nibble[i].val().get_bit(2) {
                self.count1[i].next = 1.into();
            }
            if self.nibble[i].val().get_bit(3) {
                self.count1[i].next = 0.into();
            }
        }
        // Bytes: nibble 2j+1 is the upper one.
        self.count2[3].next = bit_cast::<3, 2>(self.count1[7].val());
        if !self.has1[7].val() {
            self.count2[3].next = bit_cast::<3, 2>(self.count1[6].val()) | 4;
        }
        self.count2[2].next = bit_cast::<3, 2>(self.count1[5].val());
        if !self.has1[5].val() {
            self.count2[2].next = bit_cast::<3, 2>(self.count1[4].val()) | 4;
        }
        self.count2[1].next = bit_cast::<3, 2>(self.count1[3].val());
        if !self.has1[3].val() {
            self.count2[1].next = bit_cast::<3, 2>(self.count1[2].val()) | 4;
        }
        self.count2[0].next = bit_cast::<3, 2>(self.count1[1].val());
        if !self.has1[1].val() {
            self.count2[0].next = bit_cast::<3, 2>(self.count1[0].val()) | 4;
        }
        self.byte_has.next = (bit_cast::<4, 1>((self.has1[7].val() | self.has1[6].val()).into())
            << 3)
            | (bit_cast::<4, 1>((self.has1[5].val() | self.has1[4].val()).into()) << 2)
            | (bit_cast::<4, 1>((self.has1[3].val() | self.has1[2].val()).into()) << 1)
            | bit_cast::<4, 1>((self.has1[1].val() | self.has1[0].val()).into());
        self.byte_count.next = (bit_cast::<12, 3>(self.count2[3].val()) << 9)
            | (bit_cast::<12, 3>(self.count2[2].val()) << 6)
            | (bit_cast::<12, 3>(self.count2[1].val()) << 3)
            | bit_cast::<12, 3>(self.count2[0].val());
    }
}

/// Merges the per-byte results of [`LzcBytes32`] into the word's count.
#[derive(LogicBlock, Default)]
pub struct LzcMerge32 {
    /// From [`LzcBytes32::byte_has`].
    pub byte_has: Signal<In, Bits<4>>,
    /// From [`LzcBytes32::byte_count`].
    pub byte_count: Signal<In, Bits<12>>,
    /// Number of zeros above the most significant set bit (32 for zero).
    pub count: Signal<Out, Bits<6>>,
    /// Per half word: it holds a one; its count.
    has3: [Signal<Local, Bit>; 2],
    count3: [Signal<Local, Bits<4>>; 2],
    /// Whole word.
    count4: Signal<Local, Bits<5>>,
}

impl Logic for LzcMerge32 {
    #[hdl_gen]
    fn update(&mut self) {
        self.has3[1].next = self.byte_has.val().get_bit(3) | self.byte_has.val().get_bit(2);
        self.has3[0].next = self.byte_has.val().get_bit(1) | self.byte_has.val().get_bit(0);
        self.count3[1].next = bit_cast::<4, 3>(self.byte_count.val().get_bits::<3>(9));
        if !self.byte_has.val().get_bit(3) {
            self.count3[1].next = bit_cast::<4, 3>(self.byte_count.val().get_bits::<3>(6)) | 8;
        }
        self.count3[0].next = bit_cast::<4, 3>(self.byte_count.val().get_bits::<3>(3));
        if !self.byte_has.val().get_bit(1) {
            self.count3[0].next = bit_cast::<4, 3>(self.byte_count.val().get_bits::<3>(0)) | 8;
        }
        self.count4.next = bit_cast::<5, 4>(self.count3[1].val());
        if !self.has3[1].val() {
            self.count4.next = bit_cast::<5, 4>(self.count3[0].val()) | 16;
        }
        self.count.next = bit_cast::<6, 5>(self.count4.val());
        if !(self.has3[1].val() | self.has3[0].val()) {
            self.count.next = 32.into();
        }
    }
}

/// Combinational count of leading zeros; `count == 32` exactly when `x == 0`.
#[derive(LogicBlock, Default)]
pub struct LeadingZeroCount32 {
    /// The word to examine.
    pub x: Signal<In, Bits<32>>,
    /// Number of zeros above the most significant set bit (32 for zero).
    pub count: Signal<Out, Bits<6>>,
    bytes: LzcBytes32,
    merge: LzcMerge32,
}

impl Logic for LeadingZeroCount32 {
    #[hdl_gen]
    fn update(&mut self) {
        self.bytes.x.next = self.x.val();
        self.merge.byte_has.next = self.bytes.byte_has.val();
        self.merge.byte_count.next = self.bytes.byte_count.val();
        self.count.next = self.merge.count.val();
    }
}
