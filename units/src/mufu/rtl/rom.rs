//! The coefficient ROM: every segment's word of
//! [`tables`]`().rom` in a synchronous-read ROM,
//! three ECP5 DP16KD (1K × 18 each, side by side) with their address
//! register and, at depth ≥ 4, their output register ([`CoefRom`]).
//!
//! The generator packs a word with its region's field widths
//! (`{C0 (w0) | C1 (w1) | C2 (w2)}`, [`rom_image`](crate::mufu::tables::Tables::rom_image));
//! the RTL stores the same fields at fixed places instead,
//! `{C0 (25) | C1 (18) | C2 (11)}` (the widest field of each kind: together
//! exactly the 54-bit word), so that phase 4 takes them straight from the
//! ROM's output: no shifter by the region's widths between the
//! block RAM and the multipliers.

use super::{C0_W, C1_W, C2_W, ROM_ADDR_W};
use crate::mufu::tables::{tables, ROM_DEPTH, ROM_WORD_W};
use rust_hdl::prelude::*;

/// Width of a ROM word.
pub const WORD_W: usize = ROM_WORD_W as usize;
/// LSB of the C1 field in an RTL word (C2 sits at bit 0).
pub const C1_LSB: usize = C2_W;
/// LSB of the C0 field in an RTL word.
pub const C0_LSB: usize = C2_W + C1_W;
const _: () = assert!(C0_LSB + C0_W == WORD_W);

/// The RTL's ROM contents, address by address: each word's fields at their
/// fixed places (unused addresses 0).
pub fn rom_image() -> Vec<u64> {
    let t = tables();
    assert_eq!(t.rom.len(), ROM_DEPTH);
    for f in &t.fmts {
        assert!(
            f.w0 as usize <= C0_W && f.w1 as usize <= C1_W && f.w2 as usize <= C2_W,
            "a region's field is wider than the RTL word's"
        );
    }
    t.rom
        .iter()
        .map(|w| (w.c0 as u64) << C0_LSB | (w.c1 as u64) << C1_LSB | w.c2 as u64)
        .collect()
}

/// The ROM block: `data` is the word at the `address` of the previous clock
/// (one register, the block RAM's address register) or, with its output
/// register ([`CoefRom::new`]`(true)`), of the clock before.
///
/// When synthesised for ECP5 (the macro `ECP5`, which `fpga/synth_ecp5.ys`
/// defines; a user's own ECP5 synthesis passes `-DECP5`) it is three ECP5
/// `DP16KD` in 1K × 18 mode side by side, instantiated with their `INITVAL`s
/// (yosys's inference never turns the output register on: its
/// `brams_16kd.txt` has no such option); `REGMODE_A = "OUTREG"` puts the
/// second register inside the block, which shortens the clock-to-output
/// of the path into the tiles. Simulators (rust-hdl, Verilator, Icarus) and
/// the lint read the behavioural form: an initialised array, one or two
/// registers; so does every other synthesis (the iCE40 flow: yosys infers
/// its block RAMs from the array).
#[derive(LogicBlock)]
pub struct CoefRom {
    pub clock: Signal<In, Clock>,
    pub address: Signal<In, Bits<ROM_ADDR_W>>,
    pub data: Signal<Out, Bits<WORD_W>>,
    /// The word read at the last edge (the simulation model's first register).
    word: Signal<Local, Bits<WORD_W>>,
    /// The output register is on.
    _outreg: bool,
    _image: Vec<u64>,
}

impl Default for CoefRom {
    fn default() -> Self {
        Self::new(false)
    }
}

impl CoefRom {
    /// The ROM with [`rom_image`] at every address, its output register on
    /// when `outreg` (latency 2, else 1).
    pub fn new(outreg: bool) -> Self {
        Self {
            clock: Default::default(),
            address: Default::default(),
            data: Default::default(),
            word: Default::default(),
            _outreg: outreg,
            _image: rom_image(),
        }
    }

    /// Cycles from `address` to `data`.
    pub fn latency(&self) -> usize {
        1 + self._outreg as usize
    }
}

/// Blocks side by side, 18 bits of the word each.
pub const BRAMS: usize = WORD_W.div_ceil(18);
const _: () = assert!(BRAMS == 3 && ROM_ADDR_W == 10);

/// `INITVAL_xx` (`xx` = 0..0x3F) of block `b`: words `16·xx ..= 16·xx + 15`,
/// bits `18·b ..` of each, one per 20-bit slot (18 used), word `16·xx` in the
/// lowest slot (the layout of yosys's `brams_map_16kd.v`).
pub fn initval(image: &[u64], b: usize, xx: usize) -> String {
    let mut hex = String::with_capacity(80);
    for i in (0..16).rev() {
        let w = (image[16 * xx + i] >> (18 * b)) & 0x3FFFF;
        hex.push_str(&format!("{w:05X}"));
    }
    hex
}

/// The three `DP16KD` instances (synthesis).
fn dp16kd_instances(image: &[u64], outreg: bool) -> String {
    let mut v = String::new();
    for b in 0..BRAMS {
        v.push_str("DP16KD #(\n");
        for xx in 0..64 {
            v.push_str(&format!(
                "    .INITVAL_{xx:02X}(320'h{}),\n",
                initval(image, b, xx)
            ));
        }
        v.push_str(&format!(
            "    .DATA_WIDTH_A(18), .DATA_WIDTH_B(18), .REGMODE_A(\"{}\"), .REGMODE_B(\"NOREG\"),\n    \
.RESETMODE(\"SYNC\"), .ASYNC_RESET_RELEASE(\"SYNC\"), .CSDECODE_A(\"0b000\"), .CSDECODE_B(\"0b000\"),\n    \
.WRITEMODE_A(\"NORMAL\"), .WRITEMODE_B(\"NORMAL\"), .GSR(\"DISABLED\")\n) bram{b} (\n    \
.CLKA(clock), .WEA(1'b0), .CEA(1'b1), .OCEA(1'b1), .RSTA(1'b0), .CSA0(1'b0), .CSA1(1'b0), .CSA2(1'b0),\n    \
.ADA0(1'b0), .ADA1(1'b0), .ADA2(1'b0), .ADA3(1'b0),",
            if outreg { "OUTREG" } else { "NOREG" }
        ));
        for i in 0..ROM_ADDR_W {
            v.push_str(&format!(" .ADA{}(address[{i}]),", i + 4));
        }
        v.push_str("\n   ");
        for i in 0..18 {
            v.push_str(&format!(" .DIA{i}(1'b0),"));
        }
        v.push_str("\n   ");
        for i in 0..18 {
            let bit = 18 * b + i;
            if bit < WORD_W {
                v.push_str(&format!(" .DOA{i}(data[{bit}]),"));
            } else {
                v.push_str(&format!(" .DOA{i}(),"));
            }
        }
        v.push_str(
            "\n    .CLKB(1'b0), .WEB(1'b0), .CEB(1'b0), .OCEB(1'b0), .RSTB(1'b0), .CSB0(1'b0), .CSB1(1'b0), .CSB2(1'b0),\n   ",
        );
        for i in 0..14 {
            v.push_str(&format!(" .ADB{i}(1'b0),"));
        }
        v.push_str("\n   ");
        for i in 0..18 {
            v.push_str(&format!(" .DIB{i}(1'b0),"));
        }
        v.push_str("\n   ");
        for i in 0..18 {
            v.push_str(&format!(" .DOB{i}()"));
            v.push_str(if i < 17 { "," } else { "\n);\n" });
        }
    }
    v
}

impl Logic for CoefRom {
    fn update(&mut self) {
        // The first register reads the array; the second (output) register,
        // when on, takes what the first held before this edge.
        if self.clock.pos_edge() {
            if self._outreg {
                self.data.next = self.word.val();
            }
            self.word.next = self._image[self.address.val().index()].into();
        }
        if !self._outreg {
            self.data.next = self.word.val();
        }
    }

    fn connect(&mut self) {
        self.data.connect();
        self.word.connect();
    }

    fn hdl(&self) -> Verilog {
        let outreg = self._outreg;
        let mut init = String::new();
        for (a, w) in self._image.iter().enumerate() {
            init.push_str(&format!("    mem[{a}] = {WORD_W}'h{w:X};\n"));
        }
        let behavioural = format!(
            "reg [{top}:0] mem [0:{last}];\ninitial begin\n{init}end\n\
reg [{top}:0] word = {WORD_W}'h0;\n{second}\
always @(posedge clock) begin\n    word <= mem[address];\n{shift}end\n\
assign data = {out};\n",
            top = WORD_W - 1,
            last = (1 << ROM_ADDR_W) - 1,
            second = if outreg {
                format!("reg [{}:0] word_q = {WORD_W}'h0;\n", WORD_W - 1)
            } else {
                String::new()
            },
            shift = if outreg { "    word_q <= word;\n" } else { "" },
            out = if outreg { "word_q" } else { "word" },
        );
        Verilog::Wrapper(Wrapper {
            code: format!(
                "`ifdef ECP5\n{}`else\n{behavioural}`endif\n",
                dp16kd_instances(&self._image, outreg)
            ),
            cores: String::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_fields_hold_the_generator_words() {
        let t = tables();
        let image = rom_image();
        let packed = t.rom_image();
        for tab in &t.tables {
            for r in &tab.regions {
                let f = &r.fmt;
                for (i, w) in r.words.iter().enumerate() {
                    let a = f.base as usize + i;
                    let word = image[a];
                    assert_eq!(word >> C0_LSB, w.c0 as u64, "C0 at {a}");
                    assert_eq!((word >> C1_LSB) & ((1 << C1_W) - 1), w.c1 as u64);
                    assert_eq!(word & ((1 << C2_W) - 1), w.c2 as u64);
                    assert_eq!(packed[a], w.pack(f));
                }
            }
        }
    }
}
