//! Phase 2, I2I: the extended source value clamped (`.sat`) or wrapped to the
//! destination. Model: `convert::i2i`.
//!
//! The extended value `ext` is read as signed when the source is signed.
//! It exceeds a destination of `w` bits when, for a positive value, any bit
//! at or above `w` (unsigned) or `w − 1` (signed) is set; for a negative
//! value (signed sources only), when the destination is unsigned, or when
//! bits 63 … `w − 1` are not all ones.

use super::OP_W;
use rust_hdl::prelude::*;

/// I2I on an extended source value.
#[derive(LogicBlock, Default)]
pub struct I2i {
    /// The operation word (`src`, `dst`, `.sat`).
    pub op: Signal<In, Bits<OP_W>>,
    /// Source value extended to 64 bits ([`Unpack::ext`](super::Unpack)).
    pub ext: Signal<In, Bits<64>>,
    /// The result, right-aligned, `dst` bits wide.
    pub d: Signal<Out, Bits<64>>,
    dst: Signal<Local, Bits<3>>,
    neg: Signal<Local, Bit>,
    /// Value above the destination's maximum; below its minimum.
    above: Signal<Local, Bit>,
    below: Signal<Local, Bit>,
    wrapped: Signal<Local, Bits<64>>,
    max: Signal<Local, Bits<64>>,
    min: Signal<Local, Bits<64>>,
}

impl Logic for I2i {
    #[hdl_gen]
    fn update(&mut self) {
        self.dst.next = self.op.val().get_bits::<3>(7);
        self.neg.next = self.op.val().get_bit(4) & self.ext.val().get_bit(63);
        // Unsigned 64-bit destination by default; narrowed below.
        self.wrapped.next = self.ext.val();
        self.max.next = 0xFFFF_FFFF_FFFF_FFFF_u64.into();
        self.min.next = 0.into();
        self.above.next = false;
        self.below.next = self.neg.val();
        if self.dst.val() == 0 {
            self.wrapped.next = self.ext.val() & 0xFF_u64;
            self.max.next = 0xFF.into();
            self.above.next = self.ext.val().get_bits::<56>(8).any();
        }
        if self.dst.val() == 1 {
            self.wrapped.next = self.ext.val() & 0xFF_u64;
            self.max.next = 0x7F.into();
            self.min.next = 0x80.into();
            self.above.next = self.ext.val().get_bits::<57>(7).any();
            self.below.next = self.neg.val() & !self.ext.val().get_bits::<57>(7).all();
        }
        if self.dst.val() == 2 {
            self.wrapped.next = self.ext.val() & 0xFFFF_u64;
            self.max.next = 0xFFFF.into();
            self.above.next = self.ext.val().get_bits::<48>(16).any();
        }
        if self.dst.val() == 3 {
            self.wrapped.next = self.ext.val() & 0xFFFF_u64;
            self.max.next = 0x7FFF.into();
            self.min.next = 0x8000.into();
            self.above.next = self.ext.val().get_bits::<49>(15).any();
            self.below.next = self.neg.val() & !self.ext.val().get_bits::<49>(15).all();
        }
        if self.dst.val() == 4 {
            self.wrapped.next = self.ext.val() & 0xFFFF_FFFF_u64;
            self.max.next = 0xFFFF_FFFF_u64.into();
            self.above.next = self.ext.val().get_bits::<32>(32).any();
        }
        if self.dst.val() == 5 {
            self.wrapped.next = self.ext.val() & 0xFFFF_FFFF_u64;
            self.max.next = 0x7FFF_FFFF_u64.into();
            self.min.next = 0x8000_0000_u64.into();
            self.above.next = self.ext.val().get_bits::<33>(31).any();
            self.below.next = self.neg.val() & !self.ext.val().get_bits::<33>(31).all();
        }
        if self.dst.val() == 7 {
            self.max.next = 0x7FFF_FFFF_FFFF_FFFF_u64.into();
            self.min.next = 0x8000_0000_0000_0000_u64.into();
            self.above.next = self.ext.val().get_bit(63);
            self.below.next = false;
        }
        self.d.next = self.wrapped.val();
        if self.op.val().get_bit(13) {
            if self.neg.val() {
                if self.below.val() {
                    self.d.next = self.min.val();
                }
            } else if self.above.val() {
                self.d.next = self.max.val();
            }
        }
    }
}
