//! The atomic unit's memory bank: `2^WA` 64-bit words in a simple dual-port
//! block RAM with its output register on ([`AtomBank`]).
//!
//! A word read at an edge (`read_address`) leaves the block's output register
//! one clock later: `read_data` is the word at the `read_address` of two
//! clocks before, as the bank held it before that edge's write (a write and a
//! read of the same word at one edge read the old word; the unit forwards the
//! written word in that case, so the order never reaches an answer).
//!
//! When synthesised for ECP5 (the macro `ECP5`, which `fpga/synth_ecp5.ys`
//! defines) it is four `DP16KD` in 1K × 18 mode side by side (72 bits, 64
//! used), port A reading with `REGMODE_A = "OUTREG"` and port B writing:
//! yosys's inference never turns the output register on (its
//! `brams_16kd.txt` has no such option), so the instances are written out,
//! as the MUFU's coefficient ROM does. Simulators (rust-hdl, Verilator,
//! Icarus), the lint and every other synthesis read the behavioural form: an
//! array, the read register and the output register.

use rust_hdl::prelude::*;

use super::DATA_W;

/// Blocks side by side, 18 bits of the word each.
const BRAMS: usize = DATA_W.div_ceil(18);
const _: () = assert!(BRAMS == 4);

/// The bank block: zeroed at start, read with two registers, written at the
/// clock's edge when `write_enable`.
#[derive(LogicBlock)]
pub struct AtomBank<const WA: usize> {
    pub clock: Signal<In, Clock>,
    pub read_address: Signal<In, Bits<WA>>,
    /// The word at `read_address` two edges back (output register).
    pub read_data: Signal<Out, Bits<DATA_W>>,
    pub write_address: Signal<In, Bits<WA>>,
    pub write_data: Signal<In, Bits<DATA_W>>,
    pub write_enable: Signal<In, Bit>,
    /// The word read at the last edge (the model's first register).
    word: Signal<Local, Bits<DATA_W>>,
    _mem: Vec<u64>,
}

impl<const WA: usize> Default for AtomBank<WA> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            read_address: Default::default(),
            read_data: Default::default(),
            write_address: Default::default(),
            write_data: Default::default(),
            write_enable: Default::default(),
            word: Default::default(),
            _mem: vec![0; 1 << WA],
        }
    }
}

/// The four `DP16KD` instances (ECP5 synthesis), 1K × 18 each: a bank of
/// at most 1024 words.
fn dp16kd_instances(wa: usize) -> String {
    assert!(wa <= 10, "the DP16KD bank holds at most 1024 words");
    let mut v = String::new();
    for b in 0..BRAMS {
        v.push_str(
            "DP16KD #(\n    \
.DATA_WIDTH_A(18), .DATA_WIDTH_B(18), .REGMODE_A(\"OUTREG\"), .REGMODE_B(\"NOREG\"),\n    \
.RESETMODE(\"SYNC\"), .ASYNC_RESET_RELEASE(\"SYNC\"), .CSDECODE_A(\"0b000\"), .CSDECODE_B(\"0b000\"),\n    \
.WRITEMODE_A(\"NORMAL\"), .WRITEMODE_B(\"NORMAL\"), .GSR(\"DISABLED\")\n",
        );
        v.push_str(&format!(") bank{b} (\n    \
.CLKA(clock), .WEA(1'b0), .CEA(1'b1), .OCEA(1'b1), .RSTA(1'b0), .CSA0(1'b0), .CSA1(1'b0), .CSA2(1'b0),\n    \
.ADA0(1'b0), .ADA1(1'b0), .ADA2(1'b0), .ADA3(1'b0),"));
        for i in 0..10 {
            if i < wa {
                v.push_str(&format!(" .ADA{}(read_address[{i}]),", i + 4));
            } else {
                v.push_str(&format!(" .ADA{}(1'b0),", i + 4));
            }
        }
        v.push_str("\n   ");
        for i in 0..18 {
            v.push_str(&format!(" .DIA{i}(1'b0),"));
        }
        v.push_str("\n   ");
        for i in 0..18 {
            let bit = 18 * b + i;
            if bit < DATA_W {
                v.push_str(&format!(" .DOA{i}(read_data[{bit}]),"));
            } else {
                v.push_str(&format!(" .DOA{i}(),"));
            }
        }
        v.push_str(
            "\n    .CLKB(clock), .WEB(write_enable), .CEB(1'b1), .OCEB(1'b1), .RSTB(1'b0), .CSB0(1'b0), .CSB1(1'b0), .CSB2(1'b0),\n    \
.ADB0(1'b1), .ADB1(1'b1), .ADB2(1'b0), .ADB3(1'b0),",
        );
        for i in 0..10 {
            if i < wa {
                v.push_str(&format!(" .ADB{}(write_address[{i}]),", i + 4));
            } else {
                v.push_str(&format!(" .ADB{}(1'b0),", i + 4));
            }
        }
        v.push_str("\n   ");
        for i in 0..18 {
            let bit = 18 * b + i;
            if bit < DATA_W {
                v.push_str(&format!(" .DIB{i}(write_data[{bit}]),"));
            } else {
                v.push_str(&format!(" .DIB{i}(1'b0),"));
            }
        }
        v.push_str("\n   ");
        for i in 0..18 {
            v.push_str(&format!(" .DOB{i}()"));
            v.push_str(if i < 17 { "," } else { "\n);\n" });
        }
    }
    v
}

impl<const WA: usize> Logic for AtomBank<WA> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            self.read_data.next = self.word.val();
            self.word.next = self._mem[self.read_address.val().index()].into();
            if self.write_enable.val() {
                self._mem[self.write_address.val().index()] = self.write_data.val().to_u64();
            }
        }
    }

    fn connect(&mut self) {
        self.read_data.connect();
        self.word.connect();
    }

    fn hdl(&self) -> Verilog {
        let mut init = String::new();
        for a in 0..1usize << WA {
            init.push_str(&format!("    mem[{a}] = {DATA_W}'h0;\n"));
        }
        let behavioural = format!(
            "reg [{top}:0] mem [0:{last}];\ninitial begin\n{init}end\n\
reg [{top}:0] word = {DATA_W}'h0;\nreg [{top}:0] word_q = {DATA_W}'h0;\n\
always @(posedge clock) begin\n    if (write_enable) begin\n        mem[write_address] <= write_data;\n    end\n\
    word <= mem[read_address];\n    word_q <= word;\nend\n\
assign read_data = word_q;\n",
            top = DATA_W - 1,
            last = (1usize << WA) - 1,
        );
        let code = if WA <= 10 {
            format!(
                "`ifdef ECP5\n{}`else\n{behavioural}`endif\n",
                dp16kd_instances(WA)
            )
        } else {
            behavioural
        };
        Verilog::Wrapper(Wrapper {
            code,
            cores: String::new(),
        })
    }
}
