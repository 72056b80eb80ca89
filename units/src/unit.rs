//! What every unit tells the tools about itself: its ports (in a fixed order),
//! latency and parameters ([`UnitInfo`]); how a vector line becomes values on its
//! input ports and how its output ports become a result line ([`UnitCodec`]);
//! and how a simulator reaches the ports of its rust-hdl top block ([`PortIo`]).
//!
//! Port order convention, shared by every engine (rust-hdl, Verilator, iverilog):
//! inputs are `in_valid`, `in_tag`, then the operation's own inputs; outputs are
//! `out_valid`, `out_tag`, then the results. A unit with back-pressure has an
//! output named `in_ready`. `clock` is implicit and not listed.

use crate::vector::FieldError;
use rust_hdl::prelude::*;
use serde::Serialize;

/// Width of the opaque tag every unit carries from input to output.
pub const TAG_W: usize = 8;

/// Direction of a port, seen from the unit (`"in"`, `"out"` in JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PortDir {
    In,
    Out,
}

/// One port of a unit's top module.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Port {
    pub name: &'static str,
    pub dir: PortDir,
    /// Width in bits (1..=128).
    pub width: u32,
    /// One line on what the port carries.
    pub doc: &'static str,
}

impl Port {
    pub const fn input(name: &'static str, width: u32, doc: &'static str) -> Port {
        Port {
            name,
            dir: PortDir::In,
            width,
            doc,
        }
    }
    pub const fn output(name: &'static str, width: u32, doc: &'static str) -> Port {
        Port {
            name,
            dir: PortDir::Out,
            width,
            doc,
        }
    }
}

/// One generator parameter of a unit with the value the tools use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Param {
    pub name: &'static str,
    pub value: String,
    pub doc: &'static str,
}

/// Everything `rtl-gen info` reports about a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitInfo {
    /// CLI name (`xmu`, `mufu_d15`, ...), also the Verilog top module's name.
    pub name: String,
    pub description: &'static str,
    /// Cycles from an accepted operation to its answer (`out_valid`); the
    /// largest, where it depends on the operation ([`UnitCodec::latency_of`]).
    pub latency: usize,
    /// The smallest such latency (= `latency` where every operation takes
    /// the same).
    pub min_latency: usize,
    /// Number of pipeline register stages in the datapath.
    pub pipeline_stages: usize,
    /// Bits of coefficient ROM (0 when the unit has none).
    pub rom_bits: u64,
    pub params: Vec<Param>,
    /// Ports in the convention order (inputs first), clock excluded.
    pub ports: Vec<Port>,
    /// Wire delay (ps) that yosys's `abc9` assumes between two LUTs when the
    /// ECP5 flow maps this unit (`abc9 -W`). synth_ecp5 uses
    /// [`DEFAULT_ECP5_LUT_WIRE_PS`]; a larger value makes the mapping trade
    /// LUTs for fewer LUT levels.
    pub ecp5_lut_wire_ps: u32,
}

/// synth_ecp5's own `abc9 -W` (yosys 0.70).
pub const DEFAULT_ECP5_LUT_WIRE_PS: u32 = 300;

impl UnitInfo {
    pub fn inputs(&self) -> impl Iterator<Item = &Port> {
        self.ports.iter().filter(|p| p.dir == PortDir::In)
    }
    pub fn outputs(&self) -> impl Iterator<Item = &Port> {
        self.ports.iter().filter(|p| p.dir == PortDir::Out)
    }
    /// The latency as `rtl-gen info` and docs/ports.md print it: `16 cycles`,
    /// or `4–5 cycles, by operation` where it depends on the operation.
    pub fn latency_text(&self) -> String {
        if self.min_latency == self.latency {
            format!("{} cycles", self.latency)
        } else {
            format!("{}–{} cycles, by operation", self.min_latency, self.latency)
        }
    }
    /// Index of an output port among the outputs.
    pub fn output_index(&self, name: &str) -> Option<usize> {
        self.outputs().position(|p| p.name == name)
    }
    /// Whether the unit can refuse an operation (has an `in_ready` output).
    pub fn has_ready(&self) -> bool {
        self.output_index("in_ready").is_some()
    }

    /// The info as JSON (`rtl-gen info --json`).
    pub fn to_json(&self) -> String {
        /// The JSON's field order; `clock` names the implicit clock port.
        #[derive(Serialize)]
        struct Json<'a> {
            name: &'a str,
            description: &'a str,
            latency: usize,
            min_latency: usize,
            pipeline_stages: usize,
            rom_bits: u64,
            ecp5_lut_wire_ps: u32,
            clock: &'static str,
            params: &'a [Param],
            ports: &'a [Port],
        }
        serde_json::to_string(&Json {
            name: &self.name,
            description: self.description,
            latency: self.latency,
            min_latency: self.min_latency,
            pipeline_stages: self.pipeline_stages,
            rom_bits: self.rom_bits,
            ecp5_lut_wire_ps: self.ecp5_lut_wire_ps,
            clock: "clock",
            params: &self.params,
            ports: &self.ports,
        })
        .expect("plain data serialises")
    }
}

/// One operation of a vector file, encoded onto the unit's ports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    /// Values of the operation's own input ports (after `in_valid`, `in_tag`).
    pub inputs: Vec<u128>,
    /// Whether the unit answers this operation (`red`/`st` do not).
    pub answers: bool,
}

/// How a unit's vector lines map onto its ports, and its golden model.
pub trait UnitCodec {
    fn info(&self) -> UnitInfo;
    /// Parses the text of one line (comment already stripped, not empty).
    fn parse(&self, text: &str) -> Result<Operation, FieldError>;
    /// Formats the answer of `op` from the values of the result outputs
    /// (the outputs after `out_valid`, `out_tag`).
    fn format(&self, op: &Operation, results: &[u128]) -> String;
    /// The golden model's answer line for `op`, or `None` when it does not
    /// answer. Stateful units (ATOM) apply the operation to their model state.
    fn model(&mut self, op: &Operation) -> Option<String>;
    /// Forgets the golden model's state (memory contents).
    fn reset_model(&mut self) {}
    /// Clocks from accepting `op` to its answer when nothing else is in the
    /// unit. A unit whose latency depends on the operation overrides it;
    /// [`UnitInfo::latency`] is then the largest.
    fn latency_of(&self, _op: &Operation) -> usize {
        self.info().latency
    }
    /// Whether answers come back in the order the operations were accepted
    /// (every unit but the SFU, whose approximations overtake its divides;
    /// its answers are matched by tag).
    fn answers_in_order(&self) -> bool {
        true
    }
    /// `count` pseudo-random vector lines (deterministic in `seed`), for
    /// benchmarks and smoke runs.
    fn random_lines(&self, count: usize, seed: u64) -> Vec<String>;
}

/// xorshift64*: a tiny deterministic generator for [`UnitCodec::random_lines`].
pub fn xorshift(state: &mut u64) -> u64 {
    if *state == 0 {
        *state = 0x9E37_79B9_7F4A_7C15;
    }
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// Reaches the ports of a rust-hdl top block, in the [`UnitInfo`] port order.
pub trait PortIo: Block {
    /// Sets `.next` of every input port (clock excluded).
    fn set_inputs(&mut self, values: &[u128]);
    /// Reads every output port.
    fn outputs(&self) -> Vec<u128>;
    /// The clock input.
    fn clock(&mut self) -> &mut Signal<In, Clock>;
}

/// Converts a `u128` port value to `Bits<N>` (bits above `N` are dropped).
pub fn to_bits<const N: usize>(value: u128) -> Bits<N> {
    let masked = if N >= 128 {
        value
    } else {
        value & ((1u128 << N) - 1)
    };
    if N <= 64 {
        (masked as u64).into()
    } else {
        masked.to_bits::<N>()
    }
}

/// Converts `Bits<N>` to a `u128` port value.
pub fn from_bits<const N: usize>(bits: Bits<N>) -> u128 {
    bits.to_u128()
}
