//! The stream protocol every engine implements.
//!
//! Each cycle, before the rising edge: the driver puts the next operation on the
//! inputs (or all-zero inputs during a gap), lets the logic settle, and samples the
//! outputs. If `out_valid` is set, the outputs are recorded with the cycle number.
//! The operation counts as accepted when the unit has no `in_ready` output or
//! `in_ready` is set; otherwise it is presented again next cycle. Then the clock
//! rises. After the last operation is accepted, `drain` more cycles are run.

use units::unit::{Operation, UnitInfo, TAG_W};

/// One operation on the wire: `gap` idle cycles before it, then its full input
/// vector (`in_valid`, `in_tag`, the operation's inputs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stimulus {
    pub gap: u32,
    pub inputs: Vec<u128>,
}

/// One cycle with `out_valid` set: the cycle number and every output's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    pub cycle: u64,
    pub outputs: Vec<u128>,
}

/// How many idle cycles to put before each operation.
#[derive(Clone, Copy, Debug)]
pub enum Gaps {
    /// Back to back, one operation per clock.
    None,
    /// A pseudo-random gap of 0..=max cycles before an operation, with the
    /// given probability in percent (deterministic for a given seed).
    Random { percent: u32, max: u32, seed: u64 },
    /// The same number of idle cycles before every operation.
    Fixed(u32),
}

/// The tag of the `index`-th operation.
pub fn tag_of(index: usize) -> u128 {
    (index % (1 << TAG_W)) as u128
}

/// Puts operations on the wire: tags in order, gaps per policy.
pub fn stimuli(ops: &[Operation], gaps: Gaps) -> Vec<Stimulus> {
    let mut state = match gaps {
        Gaps::Random { seed, .. } => seed | 1,
        Gaps::None | Gaps::Fixed(_) => 1,
    };
    let mut next_random = move || {
        // xorshift64*: small, deterministic, identical wherever it runs.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    ops.iter()
        .enumerate()
        .map(|(i, op)| {
            let gap = match gaps {
                Gaps::None => 0,
                Gaps::Fixed(gap) => gap,
                Gaps::Random { percent, max, .. } => {
                    let r = next_random();
                    if (r % 100) < percent as u64 {
                        ((r >> 32) % (max as u64 + 1)) as u32
                    } else {
                        0
                    }
                }
            };
            let mut inputs = vec![1, tag_of(i)];
            inputs.extend_from_slice(&op.inputs);
            Stimulus { gap, inputs }
        })
        .collect()
}

/// Cycles to run after the last operation so that every answer comes out.
pub fn drain_cycles(info: &UnitInfo) -> u64 {
    2 * info.latency as u64 + 8
}

/// Clocks an operation may be refused (`in_ready` low) in a row before every
/// engine stops driving the stream: a unit that never takes its next
/// operation then ends the run with answers missing (an error that names
/// the counts) instead of running for ever. Four drains: longer than any
/// refusal a working unit makes (one divide in flight and one waiting).
pub fn stall_limit(info: &UnitInfo) -> u64 {
    4 * drain_cycles(info)
}

/// Drives a stream through a cycle-level `step` function. `step(inputs)` must
/// apply the inputs, settle, and return the outputs sampled before the edge; the
/// caller's `step` then performs the rising edge. Used by the rust-hdl engines.
pub fn drive<F>(info: &UnitInfo, stim: &[Stimulus], mut step: F) -> Vec<Observation>
where
    F: FnMut(&[u128]) -> Vec<u128>,
{
    let input_count = info.inputs().count();
    let idle = vec![0u128; input_count];
    let ready = info.output_index("in_ready");
    let drain = drain_cycles(info);
    let mut observations = Vec::new();
    let mut next = 0usize;
    let mut gap_left = stim.first().map_or(0, |s| s.gap);
    let mut drained = 0u64;
    let mut refused = 0u64;
    let mut cycle = 0u64;
    while (next < stim.len() || drained < drain) && refused <= stall_limit(info) {
        let presenting = next < stim.len() && gap_left == 0;
        let outputs = step(if presenting {
            &stim[next].inputs
        } else {
            &idle
        });
        if outputs[0] & 1 == 1 {
            observations.push(Observation {
                cycle,
                outputs: outputs.clone(),
            });
        }
        let accepted = presenting && ready.is_none_or(|i| outputs[i] & 1 == 1);
        refused = if presenting && !accepted {
            refused + 1
        } else {
            0
        };
        if accepted {
            next += 1;
            gap_left = stim.get(next).map_or(0, |s| s.gap);
        } else if next < stim.len() && !presenting {
            gap_left -= 1;
        }
        if next == stim.len() && !accepted {
            drained += 1;
        }
        cycle += 1;
    }
    observations
}

/// Serialises stimuli for the external simulators: one line per operation,
/// `gap` in decimal then each input in hex.
pub fn write_stimuli(stim: &[Stimulus]) -> String {
    let mut text = String::new();
    for s in stim {
        text.push_str(&s.gap.to_string());
        for v in &s.inputs {
            text.push_str(&format!(" {v:x}"));
        }
        text.push('\n');
    }
    text
}

/// Parses the external simulators' output: `cycle` in decimal, then each output
/// in hex (Verilog `x`/`z` digits are an error).
pub fn read_observations(text: &str, outputs: usize) -> Result<Vec<Observation>, String> {
    let mut list = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let mut fields = line.split_whitespace();
        let cycle = fields
            .next()
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| format!("simulator output line {}: bad cycle in {line:?}", n + 1))?;
        let values: Result<Vec<u128>, _> = fields.map(|f| u128::from_str_radix(f, 16)).collect();
        let values =
            values.map_err(|e| format!("simulator output line {}: {e} in {line:?}", n + 1))?;
        if values.len() != outputs {
            return Err(format!(
                "simulator output line {}: {} values, expected {outputs}",
                n + 1,
                values.len()
            ));
        }
        list.push(Observation {
            cycle,
            outputs: values,
        });
    }
    Ok(list)
}
