//! Phases 2–4, I2I: the extended source value clamped (`.sat`) or
//! wrapped to the destination. Model: `convert::i2i`.
//!
//! The extended value `ext` is read as signed when the source is signed.
//! It exceeds a destination of `w` bits when, for a positive value, any bit
//! at or above `w` (unsigned) or `w − 1` (signed) is set; for a negative
//! value (signed sources only), when the destination is unsigned, or when
//! bits 63 … `w − 1` are not all ones.
//!
//! Phase 2 ([`I2i`]) reduces the bit ranges that every destination reads
//! and wraps the value; phase 3 ([`I2iPick`]) decides the saturation by
//! destination, phase 4 ([`I2iSat`]) saturates (the reductions, the pick
//! and the saturation in one phase were seven LUT levels).

use super::OP_W;
use rust_hdl::prelude::*;

/// The tests on bit ranges of `ext` that [`I2iPick`] combines.
#[derive(Copy, Clone, Debug, PartialEq, Default, LogicStruct)]
pub struct I2iFlags {
    /// The source is signed and negative.
    pub neg: Bit,
    /// Bits 63 … k hold a one: k = 8, 7, 16, 15, 32, 31; bit 63.
    pub any8: Bit,
    pub any7: Bit,
    pub any16: Bit,
    pub any15: Bit,
    pub any32: Bit,
    pub any31: Bit,
    pub bit63: Bit,
    /// Bits 63 … k are all ones: k = 7, 15, 31.
    pub all7: Bit,
    pub all15: Bit,
    pub all31: Bit,
}

/// Phase 2 of I2I: the range tests and the wrapped value.
#[derive(LogicBlock, Default)]
pub struct I2i {
    /// The operation word (`src`, `dst`).
    pub op: Signal<In, Bits<OP_W>>,
    /// Source value extended to 64 bits ([`Unpack::ext`](super::Unpack)).
    pub ext: Signal<In, Bits<64>>,
    /// The value wrapped to `dst` bits.
    pub wrapped: Signal<Out, Bits<64>>,
    pub flags: Signal<Out, I2iFlags>,
    dst: Signal<Local, Bits<3>>,
}

impl Logic for I2i {
    #[hdl_gen]
    fn update(&mut self) {
        self.dst.next = self.op.val().get_bits::<3>(7);
        self.flags.next.neg = self.op.val().get_bit(4) & self.ext.val().get_bit(63);
        self.flags.next.any8 = self.ext.val().get_bits::<56>(8).any();
        self.flags.next.any7 = self.ext.val().get_bits::<57>(7).any();
        self.flags.next.any16 = self.ext.val().get_bits::<48>(16).any();
        self.flags.next.any15 = self.ext.val().get_bits::<49>(15).any();
        self.flags.next.any32 = self.ext.val().get_bits::<32>(32).any();
        self.flags.next.any31 = self.ext.val().get_bits::<33>(31).any();
        self.flags.next.bit63 = self.ext.val().get_bit(63);
        self.flags.next.all7 = self.ext.val().get_bits::<57>(7).all();
        self.flags.next.all15 = self.ext.val().get_bits::<49>(15).all();
        self.flags.next.all31 = self.ext.val().get_bits::<33>(31).all();
        // 64-bit destinations by default; narrowed below.
        self.wrapped.next = self.ext.val();
        if self.dst.val().get_bits::<2>(1) == 0 {
            self.wrapped.next = self.ext.val() & 0xFF_u64;
        }
        if self.dst.val().get_bits::<2>(1) == 1 {
            self.wrapped.next = self.ext.val() & 0xFFFF_u64;
        }
        if self.dst.val().get_bits::<2>(1) == 2 {
            self.wrapped.next = self.ext.val() & 0xFFFF_FFFF_u64;
        }
    }
}

/// Phase 3 of I2I: the saturation decision by destination (the decision
/// and the 64-bit multiplexer in one phase measured 6.7–7.3 ns: the
/// decision's fan-out to every bit).
#[derive(LogicBlock, Default)]
pub struct I2iPick {
    /// The operation word (`dst`, `.sat`).
    pub op: Signal<In, Bits<OP_W>>,
    /// From [`I2i`].
    pub flags: Signal<In, I2iFlags>,
    /// `.sat` and the value above the destination's maximum; below its minimum.
    pub to_max: Signal<Out, Bit>,
    pub to_min: Signal<Out, Bit>,
    dst: Signal<Local, Bits<3>>,
    neg: Signal<Local, Bit>,
    above: Signal<Local, Bit>,
    below: Signal<Local, Bit>,
}

impl Logic for I2iPick {
    #[hdl_gen]
    fn update(&mut self) {
        self.dst.next = self.op.val().get_bits::<3>(7);
        self.neg.next = self.flags.val().neg;
        // Unsigned 64-bit destination by default; narrowed below.
        self.above.next = false;
        self.below.next = self.neg.val();
        if self.dst.val() == 0 {
            self.above.next = self.flags.val().any8;
        }
        if self.dst.val() == 1 {
            self.above.next = self.flags.val().any7;
            self.below.next = self.neg.val() & !self.flags.val().all7;
        }
        if self.dst.val() == 2 {
            self.above.next = self.flags.val().any16;
        }
        if self.dst.val() == 3 {
            self.above.next = self.flags.val().any15;
            self.below.next = self.neg.val() & !self.flags.val().all15;
        }
        if self.dst.val() == 4 {
            self.above.next = self.flags.val().any32;
        }
        if self.dst.val() == 5 {
            self.above.next = self.flags.val().any31;
            self.below.next = self.neg.val() & !self.flags.val().all31;
        }
        if self.dst.val() == 7 {
            self.above.next = self.flags.val().bit63;
            self.below.next = false;
        }
        self.to_max.next = self.op.val().get_bit(13) & !self.neg.val() & self.above.val();
        self.to_min.next = self.op.val().get_bit(13) & self.neg.val() & self.below.val();
    }
}

/// Phase 4 of I2I: the wrapped value, or the destination's maximum or
/// minimum by [`I2iPick`]'s decision.
#[derive(LogicBlock, Default)]
pub struct I2iSat {
    /// The operation word (`dst`).
    pub op: Signal<In, Bits<OP_W>>,
    /// From [`I2i`] and [`I2iPick`].
    pub wrapped: Signal<In, Bits<64>>,
    pub to_max: Signal<In, Bit>,
    pub to_min: Signal<In, Bit>,
    /// The result, right-aligned, `dst` bits wide.
    pub d: Signal<Out, Bits<64>>,
    dst: Signal<Local, Bits<3>>,
    max: Signal<Local, Bits<64>>,
    min: Signal<Local, Bits<64>>,
}

impl Logic for I2iSat {
    #[hdl_gen]
    fn update(&mut self) {
        self.dst.next = self.op.val().get_bits::<3>(7);
        // Unsigned 64-bit destination by default; narrowed below.
        self.max.next = 0xFFFF_FFFF_FFFF_FFFF_u64.into();
        self.min.next = 0.into();
        if self.dst.val() == 0 {
            self.max.next = 0xFF.into();
        }
        if self.dst.val() == 1 {
            self.max.next = 0x7F.into();
            self.min.next = 0x80.into();
        }
        if self.dst.val() == 2 {
            self.max.next = 0xFFFF.into();
        }
        if self.dst.val() == 3 {
            self.max.next = 0x7FFF.into();
            self.min.next = 0x8000.into();
        }
        if self.dst.val() == 4 {
            self.max.next = 0xFFFF_FFFF_u64.into();
        }
        if self.dst.val() == 5 {
            self.max.next = 0x7FFF_FFFF_u64.into();
            self.min.next = 0x8000_0000_u64.into();
        }
        if self.dst.val() == 7 {
            self.max.next = 0x7FFF_FFFF_FFFF_FFFF_u64.into();
            self.min.next = 0x8000_0000_0000_0000_u64.into();
        }
        self.d.next = self.wrapped.val();
        if self.to_max.val() {
            self.d.next = self.max.val();
        }
        if self.to_min.val() {
            self.d.next = self.min.val();
        }
    }
}
