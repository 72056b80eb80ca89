//! The float adder's leading-zero counter (P3's normalising shift).

use rust_hdl::prelude::*;

/// Leading zeros of a 64-bit word (64 when it is zero), as a flat two-level
/// priority: eight bytes in parallel, then the first non-zero byte. Depth is
/// logarithmic, unlike a shift-and-test cascade.
#[derive(LogicBlock, Default)]
pub struct Lzc64 {
    pub x: Signal<In, Bits<64>>,
    pub count: Signal<Out, Bits<7>>,
    /// `gK`: byte K from the top; `lK`: the count if byte K is the first non-zero one.
    g0: Signal<Local, Bits<8>>,
    l0: Signal<Local, Bits<7>>,
    g1: Signal<Local, Bits<8>>,
    l1: Signal<Local, Bits<7>>,
    g2: Signal<Local, Bits<8>>,
    l2: Signal<Local, Bits<7>>,
    g3: Signal<Local, Bits<8>>,
    l3: Signal<Local, Bits<7>>,
    g4: Signal<Local, Bits<8>>,
    l4: Signal<Local, Bits<7>>,
    g5: Signal<Local, Bits<8>>,
    l5: Signal<Local, Bits<7>>,
    g6: Signal<Local, Bits<8>>,
    l6: Signal<Local, Bits<7>>,
    g7: Signal<Local, Bits<8>>,
    l7: Signal<Local, Bits<7>>,
}

impl Logic for Lzc64 {
    #[hdl_gen]
    fn update(&mut self) {
        self.g0.next = self.x.val().get_bits::<8>(56);
        // byte 0 (bits 63..56): 0 + its own leading zeros
        self.l0.next = 7.into();
        if self.g0.val().get_bit(1) {
            self.l0.next = 6.into();
        }
        if self.g0.val().get_bit(2) {
            self.l0.next = 5.into();
        }
        if self.g0.val().get_bit(3) {
            self.l0.next = 4.into();
        }
        if self.g0.val().get_bit(4) {
            self.l0.next = 3.into();
        }
        if self.g0.val().get_bit(5) {
            self.l0.next = 2.into();
        }
        if self.g0.val().get_bit(6) {
            self.l0.next = 1.into();
        }
        if self.g0.val().get_bit(7) {
            self.l0.next = 0.into();
        }
        self.g1.next = self.x.val().get_bits::<8>(48);
        // byte 1 (bits 55..48): 8 + its own leading zeros
        self.l1.next = 15.into();
        if self.g1.val().get_bit(1) {
            self.l1.next = 14.into();
        }
        if self.g1.val().get_bit(2) {
            self.l1.next = 13.into();
        }
        if self.g1.val().get_bit(3) {
            self.l1.next = 12.into();
        }
        if self.g1.val().get_bit(4) {
            self.l1.next = 11.into();
        }
        if self.g1.val().get_bit(5) {
            self.l1.next = 10.into();
        }
        if self.g1.val().get_bit(6) {
            self.l1.next = 9.into();
        }
        if self.g1.val().get_bit(7) {
            self.l1.next = 8.into();
        }
        self.g2.next = self.x.val().get_bits::<8>(40);
        // byte 2 (bits 47..40): 16 + its own leading zeros
        self.l2.next = 23.into();
        if self.g2.val().get_bit(1) {
            self.l2.next = 22.into();
        }
        if self.g2.val().get_bit(2) {
            self.l2.next = 21.into();
        }
        if self.g2.val().get_bit(3) {
            self.l2.next = 20.into();
        }
        if self.g2.val().get_bit(4) {
            self.l2.next = 19.into();
        }
        if self.g2.val().get_bit(5) {
            self.l2.next = 18.into();
        }
        if self.g2.val().get_bit(6) {
            self.l2.next = 17.into();
        }
        if self.g2.val().get_bit(7) {
            self.l2.next = 16.into();
        }
        self.g3.next = self.x.val().get_bits::<8>(32);
        // byte 3 (bits 39..32): 24 + its own leading zeros
        self.l3.next = 31.into();
        if self.g3.val().get_bit(1) {
            self.l3.next = 30.into();
        }
        if self.g3.val().get_bit(2) {
            self.l3.next = 29.into();
        }
        if self.g3.val().get_bit(3) {
            self.l3.next = 28.into();
        }
        if self.g3.val().get_bit(4) {
            self.l3.next = 27.into();
        }
        if self.g3.val().get_bit(5) {
            self.l3.next = 26.into();
        }
        if self.g3.val().get_bit(6) {
            self.l3.next = 25.into();
        }
        if self.g3.val().get_bit(7) {
            self.l3.next = 24.into();
        }
        self.g4.next = self.x.val().get_bits::<8>(24);
        // byte 4 (bits 31..24): 32 + its own leading zeros
        self.l4.next = 39.into();
        if self.g4.val().get_bit(1) {
            self.l4.next = 38.into();
        }
        if self.g4.val().get_bit(2) {
            self.l4.next = 37.into();
        }
        if self.g4.val().get_bit(3) {
            self.l4.next = 36.into();
        }
        if self.g4.val().get_bit(4) {
            self.l4.next = 35.into();
        }
        if self.g4.val().get_bit(5) {
            self.l4.next = 34.into();
        }
        if self.g4.val().get_bit(6) {
            self.l4.next = 33.into();
        }
        if self.g4.val().get_bit(7) {
            self.l4.next = 32.into();
        }
        self.g5.next = self.x.val().get_bits::<8>(16);
        // byte 5 (bits 23..16): 40 + its own leading zeros
        self.l5.next = 47.into();
        if self.g5.val().get_bit(1) {
            self.l5.next = 46.into();
        }
        if self.g5.val().get_bit(2) {
            self.l5.next = 45.into();
        }
        if self.g5.val().get_bit(3) {
            self.l5.next = 44.into();
        }
        if self.g5.val().get_bit(4) {
            self.l5.next = 43.into();
        }
        if self.g5.val().get_bit(5) {
            self.l5.next = 42.into();
        }
        if self.g5.val().get_bit(6) {
            self.l5.next = 41.into();
        }
        if self.g5.val().get_bit(7) {
            self.l5.next = 40.into();
        }
        self.g6.next = self.x.val().get_bits::<8>(8);
        // byte 6 (bits 15..8): 48 + its own leading zeros
        self.l6.next = 55.into();
        if self.g6.val().get_bit(1) {
            self.l6.next = 54.into();
        }
        if self.g6.val().get_bit(2) {
            self.l6.next = 53.into();
        }
        if self.g6.val().get_bit(3) {
            self.l6.next = 52.into();
        }
        if self.g6.val().get_bit(4) {
            self.l6.next = 51.into();
        }
        if self.g6.val().get_bit(5) {
            self.l6.next = 50.into();
        }
        if self.g6.val().get_bit(6) {
            self.l6.next = 49.into();
        }
        if self.g6.val().get_bit(7) {
            self.l6.next = 48.into();
        }
        self.g7.next = self.x.val().get_bits::<8>(0);
        // byte 7 (bits 7..0): 56 + its own leading zeros
        self.l7.next = 63.into();
        if self.g7.val().get_bit(1) {
            self.l7.next = 62.into();
        }
        if self.g7.val().get_bit(2) {
            self.l7.next = 61.into();
        }
        if self.g7.val().get_bit(3) {
            self.l7.next = 60.into();
        }
        if self.g7.val().get_bit(4) {
            self.l7.next = 59.into();
        }
        if self.g7.val().get_bit(5) {
            self.l7.next = 58.into();
        }
        if self.g7.val().get_bit(6) {
            self.l7.next = 57.into();
        }
        if self.g7.val().get_bit(7) {
            self.l7.next = 56.into();
        }
        // the most significant non-zero byte decides
        self.count.next = 64.into();
        if self.g7.val().any() {
            self.count.next = self.l7.val();
        }
        if self.g6.val().any() {
            self.count.next = self.l6.val();
        }
        if self.g5.val().any() {
            self.count.next = self.l5.val();
        }
        if self.g4.val().any() {
            self.count.next = self.l4.val();
        }
        if self.g3.val().any() {
            self.count.next = self.l3.val();
        }
        if self.g2.val().any() {
            self.count.next = self.l2.val();
        }
        if self.g1.val().any() {
            self.count.next = self.l1.val();
        }
        if self.g0.val().any() {
            self.count.next = self.l0.val();
        }
    }
}
