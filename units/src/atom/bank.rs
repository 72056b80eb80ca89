//! The ATOM unit's bank ([`Bank`]): a simple dual-port RAM of `2^WA` 64-bit
//! words (one write port, one read port, one clock) whose read data passes a
//! second register, the ECP5 block RAM's output register.
//!
//! yosys 0.70 maps a rust-hdl `RAM` onto `DP16KD` without that register
//! (`share/lattice/brams_16kd.txt` has no such option), and the block's
//! clock-to-out without it is long (5.83 ns on grade 6: the bank → `s2_bank`
//! path took 8.3 ns, docs/notes-atom-clock.md). So the Verilog is written
//! here, like [`crate::hw::mult18x18d`]'s and the MUFU's coefficient ROM's:
//! under the macro `ECP5` (which `fpga/synth_ecp5.ys` defines) four `DP16KD`
//! in 1K × 18 mode side by side, port A reading with `REGMODE_A = "OUTREG"`,
//! port B writing; otherwise (Verilator, Icarus, yosys formal, the lint, the
//! iCE40 flow) a behavioural memory with two read registers. Both start
//! zeroed (the `DP16KD`'s `INITVAL`s default to zero).
//!
//! A read and a write of one address on the same edge: the unit never relies
//! on what the read returns (the write counts as missing and is forwarded).
//!
//! The same block as bd37603's `AtomBank` (2026-12-03), whose unit took the
//! word from the output register straight into s2's choice at latency 3
//! (not adopted, docs/notes-atom-clock.md); here the word goes into a
//! register first and the pipeline is one stage longer ([`super::rtl`]).

use super::DATA_W;
use rust_hdl::prelude::*;
use std::fmt::Write as _;

/// Word-address bits of one `DP16KD` in 1K × 18 mode.
pub const BRAM_ADDR_W: usize = 10;
/// Data bits of one `DP16KD` in 1K × 18 mode.
pub const BRAM_DATA_W: usize = 18;
/// Blocks side by side for a 64-bit word (the last one holds 10 bits).
pub const BRAMS: usize = DATA_W.div_ceil(BRAM_DATA_W);
const _: () = assert!(BRAMS == 4);

/// Clocks from `read_address` to `read_data`: the block RAM's read register
/// and its output register.
pub const READ_LATENCY: usize = 2;

/// `2^WA` words of 64 bits: `read_data` is the word at `read_address` two
/// rising edges before ([`READ_LATENCY`]); `write_data` is written at
/// `write_address` on an edge with `write_enable` high.
#[derive(LogicBlock)]
pub struct Bank<const WA: usize> {
    /// Rising-edge clock of both ports.
    pub clock: Signal<In, Clock>,
    pub read_address: Signal<In, Bits<WA>>,
    /// The word read two edges before (the output register).
    pub read_data: Signal<Out, Bits<DATA_W>>,
    pub write_address: Signal<In, Bits<WA>>,
    pub write_data: Signal<In, Bits<DATA_W>>,
    pub write_enable: Signal<In, Bit>,
    /// The block RAM's read register (the model's first register).
    word: Signal<Local, Bits<DATA_W>>,
    /// The contents (simulation model).
    _mem: Vec<u64>,
}

impl<const WA: usize> Default for Bank<WA> {
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

/// ` .{pin}{first + i}({net(i)}),` for `i` in `0..count`.
fn pins(v: &mut String, pin: &str, first: usize, count: usize, net: impl Fn(usize) -> String) {
    for i in 0..count {
        let _ = write!(v, " .{pin}{}({}),", first + i, net(i));
    }
}

/// Word-address bit `i` of `signal`, or 0 above the bank's `wa` bits.
fn address(i: usize, wa: usize, signal: &str) -> String {
    if i < wa {
        format!("{signal}[{i}]")
    } else {
        "1'b0".into()
    }
}

/// Bit `i` of block `b`'s 18: the word's bit of `signal`, or `unused` above
/// the word.
fn data(b: usize, i: usize, signal: &str, unused: &str) -> String {
    let bit = BRAM_DATA_W * b + i;
    if bit < DATA_W {
        format!("{signal}[{bit}]")
    } else {
        unused.into()
    }
}

/// The four `DP16KD` instances (ECP5 synthesis): block `b` holds bits
/// `18·b ..` of every word, its port A reads through the output register,
/// its port B writes. In 18-bit mode address bits 0..3 are not address
/// bits: on the write port bits 0 and 1 are the byte enables (both on).
pub fn dp16kd_instances(wa: usize) -> String {
    assert!(wa <= BRAM_ADDR_W);
    let mut v = String::new();
    for b in 0..BRAMS {
        let _ = write!(
            v,
            "DP16KD #(\n    .DATA_WIDTH_A(18), .DATA_WIDTH_B(18), .REGMODE_A(\"OUTREG\"), .REGMODE_B(\"NOREG\"),\n    \
.RESETMODE(\"SYNC\"), .ASYNC_RESET_RELEASE(\"SYNC\"), .CSDECODE_A(\"0b000\"), .CSDECODE_B(\"0b000\"),\n    \
.WRITEMODE_A(\"NORMAL\"), .WRITEMODE_B(\"NORMAL\"), .GSR(\"DISABLED\")\n) bram{b} (\n    \
.CLKA(clock), .WEA(1'b0), .CEA(1'b1), .OCEA(1'b1), .RSTA(1'b0), .CSA0(1'b0), .CSA1(1'b0), .CSA2(1'b0),\n    \
.ADA0(1'b0), .ADA1(1'b0), .ADA2(1'b0), .ADA3(1'b0),"
        );
        pins(&mut v, "ADA", 4, BRAM_ADDR_W, |i| {
            address(i, wa, "read_address")
        });
        v.push_str("\n   ");
        pins(&mut v, "DIA", 0, BRAM_DATA_W, |_| "1'b0".into());
        v.push_str("\n   ");
        pins(&mut v, "DOA", 0, BRAM_DATA_W, |i| {
            data(b, i, "read_data", "")
        });
        v.push_str(
            "\n    .CLKB(clock), .WEB(write_enable), .CEB(1'b1), .OCEB(1'b1), .RSTB(1'b0), .CSB0(1'b0), .CSB1(1'b0), .CSB2(1'b0),\n    \
.ADB0(1'b1), .ADB1(1'b1), .ADB2(1'b0), .ADB3(1'b0),",
        );
        pins(&mut v, "ADB", 4, BRAM_ADDR_W, |i| {
            address(i, wa, "write_address")
        });
        v.push_str("\n   ");
        pins(&mut v, "DIB", 0, BRAM_DATA_W, |i| {
            data(b, i, "write_data", "1'b0")
        });
        v.push_str("\n   ");
        for i in 0..BRAM_DATA_W {
            let _ = write!(v, " .DOB{i}()");
            v.push_str(if i + 1 < BRAM_DATA_W { "," } else { "\n);\n" });
        }
    }
    v
}

/// The behavioural form: a zeroed array, the read register `word` and the
/// output register `word_q`.
pub fn behavioural(wa: usize) -> String {
    let top = DATA_W - 1;
    let last = (1usize << wa) - 1;
    format!(
        "reg [{top}:0] mem [0:{last}];\ninteger i;\ninitial begin\n    \
for (i = 0; i <= {last}; i = i + 1) mem[i] = {DATA_W}'h0;\nend\n\
reg [{top}:0] word = {DATA_W}'h0;\nreg [{top}:0] word_q = {DATA_W}'h0;\n\
always @(posedge clock) begin\n    if (write_enable) mem[write_address] <= write_data;\n    \
word <= mem[read_address];\n    word_q <= word;\nend\nassign read_data = word_q;\n"
    )
}

impl<const WA: usize> Logic for Bank<WA> {
    fn update(&mut self) {
        // The output register takes what the read register held before this
        // edge; the read register reads before the write (old data).
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
        let code = if WA <= BRAM_ADDR_W {
            format!(
                "`ifdef ECP5\n{}`else\n{}`endif\n",
                dp16kd_instances(WA),
                behavioural(WA)
            )
        } else {
            behavioural(WA)
        };
        Verilog::Wrapper(Wrapper {
            code,
            cores: String::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tick(bank: &mut Bank<10>) {
        bank.clock.next = Clock { clk: true };
        assert!(simulate(bank, 100));
        bank.clock.next = Clock { clk: false };
        assert!(simulate(bank, 100));
    }

    #[test]
    fn reads_two_edges_late_and_old_data_on_a_write() {
        let mut bank = Bank::<10>::default();
        bank.connect_all();
        bank.write_address.next = 5.into();
        bank.write_data.next = 0x1234_5678_9ABC_DEF0_u64.into();
        bank.write_enable.next = true;
        bank.read_address.next = 5.into();
        tick(&mut bank); // writes; the read register takes the old 0
        bank.write_enable.next = false;
        tick(&mut bank); // the read register takes the word
        assert_eq!(bank.read_data.val().to_u64(), 0);
        tick(&mut bank); // the output register takes it
        assert_eq!(bank.read_data.val().to_u64(), 0x1234_5678_9ABC_DEF0);
    }

    #[test]
    fn the_instances_read_through_the_output_register() {
        let v = dp16kd_instances(10);
        assert_eq!(v.matches("REGMODE_A(\"OUTREG\")").count(), BRAMS);
        assert!(v.contains(".DOA9(read_data[63]),") && v.contains(".DOA10(),"));
        assert!(v.contains(".DIB17(write_data[17])") && v.contains(".ADB13(write_address[9])"));
        assert!(v.contains(".ADB0(1'b1), .ADB1(1'b1)"));
    }
}
