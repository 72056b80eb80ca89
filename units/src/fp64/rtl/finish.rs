//! The `fp64` unit's last clock: the answer of the datapath that computed the
//! operation, with the RISC-V rules the DFMA datapath does not apply itself
//! (SPEC-G3 §1): a NaN result becomes the canonical `7ff8000000000000`; a
//! subnormal result of fadd/fsub/fmul/ffma under `ftz64` becomes a signed
//! zero with UF|NX; a compare answers its predicate ∧ EXEC and an inactive
//! lane raises nothing. Combinational, into the output register.

use super::decode::path;
use rust_hdl::prelude::*;

/// Picks and finishes the answer.
#[derive(LogicBlock, Default)]
pub struct Fp64Finish {
    /// [`path`] of the operation.
    pub path: Signal<In, Bits<2>>,
    pub exec: Signal<In, Bit>,
    /// Flush a subnormal DFMA result.
    pub ftz: Signal<In, Bit>,
    pub dfma_d: Signal<In, Bits<64>>,
    pub dfma_pred: Signal<In, Bit>,
    pub dfma_flags: Signal<In, Bits<5>>,
    /// The DFMA's result is a NaN, is subnormal ([`DfmaCore`](crate::dfma::rtl::DfmaCore)'s
    /// `out_nan`/`out_sub`, registered beside the result).
    pub dfma_nan: Signal<In, Bit>,
    pub dfma_sub: Signal<In, Bit>,
    pub cvt_result: Signal<In, Bits<64>>,
    pub cvt_flags: Signal<In, Bits<5>>,
    pub bits: Signal<In, Bits<64>>,
    pub result: Signal<Out, Bits<64>>,
    pub flags: Signal<Out, Bits<5>>,
}

impl Logic for Fp64Finish {
    #[hdl_gen]
    fn update(&mut self) {
        self.result.next = self.dfma_d.val();
        self.flags.next = self.dfma_flags.val();
        if self.dfma_nan.val() {
            self.result.next = 0x7ff8_0000_0000_0000_u64.into();
        }
        if self.dfma_sub.val() & self.ftz.val() {
            self.result.next = self.dfma_d.val() & 0x8000_0000_0000_0000_u64;
            self.flags.next = self.dfma_flags.val() | 0x03;
        }
        if self.path.val() == 1 {
            self.result.next = bit_cast::<64, 1>((self.dfma_pred.val() & self.exec.val()).into());
            self.flags.next = 0.into();
            if self.exec.val() {
                self.flags.next = self.dfma_flags.val();
            }
        }
        if self.path.val() == 2 {
            self.result.next = self.cvt_result.val();
            self.flags.next = self.cvt_flags.val();
        }
        if self.path.val() == 3 {
            self.result.next = self.bits.val();
            self.flags.next = 0.into();
        }
    }
}

const _: () = assert!(path::DFMA_PRED == 1 && path::CONVERT == 2 && path::BITOPS == 3);
