//! Leading-zero count of a 32-bit word as a normalising shifter: five levels of
//! 2:1 multiplexers (shift by 16, 8, 4, 2, 1 when the top part is zero), one bit
//! of the count per level. Log depth, no priority chain.

use rust_hdl::prelude::*;

/// Combinational count of leading zeros; `count == 32` exactly when `x == 0`.
#[derive(LogicBlock, Default)]
pub struct LeadingZeroCount32 {
    /// The word to examine.
    pub x: Signal<In, Bits<32>>,
    /// Number of zeros above the most significant set bit (32 for zero).
    pub count: Signal<Out, Bits<6>>,
    /// The word after each normalisation level.
    by16: Signal<Local, Bits<32>>,
    by8: Signal<Local, Bits<32>>,
    by4: Signal<Local, Bits<32>>,
    by2: Signal<Local, Bits<32>>,
    by1: Signal<Local, Bits<32>>,
    /// Count bits gathered level by level (bit 4 = shifted by 16, ...).
    shifted: Signal<Local, Bits<5>>,
}

impl Logic for LeadingZeroCount32 {
    #[hdl_gen]
    fn update(&mut self) {
        self.shifted.next = 0.into();
        self.by16.next = self.x.val();
        if self.x.val().get_bits::<16>(16) == 0 {
            self.by16.next = self.x.val() << 16;
            self.shifted.next = self.shifted.val() | 16;
        }
        self.by8.next = self.by16.val();
        if self.by16.val().get_bits::<8>(24) == 0 {
            self.by8.next = self.by16.val() << 8;
            self.shifted.next = self.shifted.val() | 8;
        }
        self.by4.next = self.by8.val();
        if self.by8.val().get_bits::<4>(28) == 0 {
            self.by4.next = self.by8.val() << 4;
            self.shifted.next = self.shifted.val() | 4;
        }
        self.by2.next = self.by4.val();
        if self.by4.val().get_bits::<2>(30) == 0 {
            self.by2.next = self.by4.val() << 2;
            self.shifted.next = self.shifted.val() | 2;
        }
        self.by1.next = self.by2.val();
        if !self.by2.val().get_bit(31) {
            self.by1.next = self.by2.val() << 1;
            self.shifted.next = self.shifted.val() | 1;
        }
        // After the five levels the top bit is set unless x was zero.
        if self.by1.val().get_bit(31) {
            self.count.next = bit_cast::<6, 5>(self.shifted.val());
        } else {
            self.count.next = 32.into();
        }
    }
}
