//! Register-to-register timing profile from nextpnr's SDF (`--sdf`).
//!
//! nextpnr reports one critical path; this reads the delays it wrote and
//! finds the worst arrival (max delays, setup included) at every register
//! input, grouped by register name, so every slow pipeline boundary shows.
//!
//! The model: a start point is the output of an IOPATH from a clock pin
//! (`CLK`, `CLK0`, ...), its arrival that clock-to-out delay; edges are the
//! other IOPATHs (input to output of one instance) and the INTERCONNECTs;
//! endpoints are the pins with a SETUPHOLD (or SETUP) check. Every delay is
//! the largest value of its `(min:typ:max)` triples. The longest paths come
//! from one pass in topological order.

use std::collections::{HashMap, VecDeque};

/// The worst path into one register group.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupTiming {
    /// The register name (see [`group`]).
    pub group: String,
    /// Worst arrival at one of its inputs plus that input's setup time, ns.
    pub worst_ns: f64,
    /// The register group the worst path starts from.
    pub from: String,
}

/// The profile of one SDF.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timing {
    /// Every register group with a timed input, slowest first.
    pub groups: Vec<GroupTiming>,
    /// The single worst path: every pin from the start point to the
    /// endpoint with its arrival in ns (the last one includes the setup).
    pub worst_path: Vec<(String, f64)>,
    /// The worst path into each group, in the order of `groups`, pin by
    /// pin as `worst_path`.
    pub paths: Vec<Vec<(String, f64)>>,
}

/// The register groups of an SDF, slowest first.
pub fn profile(sdf_text: &str) -> Result<Vec<GroupTiming>, String> {
    analyse(sdf_text).map(|t| t.groups)
}

/// The register group of a pin or instance name: the instance (the text
/// before the last `/` of a pin) without a `_TRELLIS_FF_Q...` suffix and
/// without any `[<n>]` index.
pub fn group(pin: &str) -> String {
    let cell = pin.rsplit_once('/').map_or(pin, |(cell, _)| cell);
    let cell = cell.find("_TRELLIS_FF_Q").map_or(cell, |at| &cell[..at]);
    let mut out = String::with_capacity(cell.len());
    let mut rest = cell;
    while let Some(at) = rest.find('[') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && after[digits..].starts_with(']') {
            rest = &after[digits + 1..];
        } else {
            out.push('[');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Parses an SDF and computes its profile.
pub fn analyse(sdf_text: &str) -> Result<Timing, String> {
    let mut graph = Graph::default();
    parse(sdf_text, &mut graph)?;
    Ok(graph.longest_paths())
}

/// One parsed S-expression (only cells are kept whole, one at a time).
enum Node {
    Atom(String),
    List { line: usize, items: Vec<Node> },
}

impl Node {
    fn head(&self) -> Option<&str> {
        match self {
            Node::List { items, .. } => match items.first() {
                Some(Node::Atom(a)) => Some(a),
                _ => None,
            },
            Node::Atom(_) => None,
        }
    }
    fn items(&self) -> &[Node] {
        match self {
            Node::List { items, .. } => items,
            Node::Atom(_) => &[],
        }
    }
    fn line(&self) -> usize {
        match self {
            Node::List { line, .. } => *line,
            Node::Atom(_) => 0,
        }
    }
}

/// Reads the text as S-expressions, iteratively; every child of the
/// outermost `(DELAYFILE ...)` goes to the graph as soon as it closes.
fn parse(text: &str, graph: &mut Graph) -> Result<(), String> {
    let bytes = text.as_bytes();
    let mut stack: Vec<(usize, Vec<Node>)> = Vec::new();
    let mut seen_file = false;
    let mut line = 1;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'\n' => {
                line += 1;
                i += 1;
            }
            b' ' | b'\t' | b'\r' => i += 1,
            b'(' => {
                if stack.is_empty() && seen_file {
                    return Err(format!("line {line}: text after the DELAYFILE"));
                }
                if stack.len() >= 64 {
                    return Err(format!("line {line}: nested too deep"));
                }
                stack.push((line, Vec::new()));
                i += 1;
            }
            b')' => {
                let (open, items) = stack
                    .pop()
                    .ok_or_else(|| format!("line {line}: unmatched ')'"))?;
                let node = Node::List { line: open, items };
                match stack.len() {
                    0 => {
                        if node.head() != Some("DELAYFILE") {
                            return Err(format!("line {open}: not a DELAYFILE"));
                        }
                        seen_file = true;
                    }
                    1 => graph.add(&node)?,
                    _ => stack.last_mut().unwrap().1.push(node),
                }
                i += 1;
            }
            _ => {
                let mut atom = Vec::new();
                if b == b'"' {
                    i += 1;
                    while i < bytes.len() && bytes[i] != b'"' {
                        line += usize::from(bytes[i] == b'\n');
                        atom.push(bytes[i]);
                        i += 1;
                    }
                    if i == bytes.len() {
                        return Err(format!("line {line}: unterminated string"));
                    }
                    i += 1;
                } else {
                    while i < bytes.len() && !b" \t\r\n()\"".contains(&bytes[i]) {
                        if bytes[i] == b'\\' && i + 1 < bytes.len() && bytes[i + 1] != b'\n' {
                            i += 1;
                        }
                        atom.push(bytes[i]);
                        i += 1;
                    }
                }
                // Only ASCII backslashes were dropped: still UTF-8.
                let atom = String::from_utf8(atom).map_err(|e| format!("line {line}: {e}"))?;
                match stack.last_mut() {
                    Some((_, items)) => items.push(Node::Atom(atom)),
                    None => return Err(format!("line {line}: text outside any list")),
                }
            }
        }
    }
    if let Some((open, _)) = stack.last() {
        return Err(format!("line {open}: '(' not closed"));
    }
    if !seen_file {
        return Err("no DELAYFILE".into());
    }
    Ok(())
}

/// The timing graph, pins numbered in the order they first appear.
#[derive(Default)]
struct Graph {
    ids: HashMap<String, usize>,
    names: Vec<String>,
    /// `(from, to, ps)`.
    edges: Vec<(usize, usize, f64)>,
    /// Start pin, clock-to-out delay in ps.
    starts: HashMap<usize, f64>,
    /// Endpoint pin and its setup time in ps, in order of appearance.
    checks: Vec<(usize, f64)>,
    check_index: HashMap<usize, usize>,
    /// ps per time unit of the file.
    scale: f64,
}

impl Graph {
    fn pin(&mut self, name: String) -> usize {
        if let Some(&id) = self.ids.get(&name) {
            return id;
        }
        let id = self.names.len();
        self.names.push(name.clone());
        self.ids.insert(name, id);
        id
    }

    /// One child of the DELAYFILE: the time scale, or a cell.
    fn add(&mut self, node: &Node) -> Result<(), String> {
        match node.head() {
            Some("TIMESCALE") => self.scale = timescale(node)?,
            Some("CELL") => self.add_cell(node)?,
            _ => {}
        }
        Ok(())
    }

    fn add_cell(&mut self, cell: &Node) -> Result<(), String> {
        if self.scale == 0.0 {
            self.scale = 1000.0; // the SDF default unit is 1 ns
        }
        let mut instance = String::new();
        for item in cell.items() {
            if item.head() == Some("INSTANCE") {
                instance = atoms(item, 1).join("");
            }
        }
        let pin = |port: &str| format!("{instance}/{port}");
        for item in cell.items() {
            match item.head() {
                Some("DELAY") => {
                    for kind in item.items().iter().skip(1) {
                        for entry in kind.items().iter().skip(1) {
                            match entry.head() {
                                Some("IOPATH") => {
                                    let (a, b) = (port(entry, 1)?, port(entry, 2)?);
                                    let d = self.delay(entry, 3)?;
                                    let out = self.pin(pin(b));
                                    if a.starts_with("CLK") {
                                        let s = self.starts.entry(out).or_insert(d);
                                        *s = s.max(d);
                                    } else {
                                        let inp = self.pin(pin(a));
                                        self.edges.push((inp, out, d));
                                    }
                                }
                                Some("INTERCONNECT") => {
                                    let (a, b) = (port(entry, 1)?, port(entry, 2)?);
                                    let d = self.delay(entry, 3)?;
                                    let (a, b) = (self.pin(a.to_string()), self.pin(b.to_string()));
                                    self.edges.push((a, b, d));
                                }
                                _ => {}
                            }
                        }
                    }
                }
                Some("TIMINGCHECK") => {
                    for check in item.items().iter().skip(1) {
                        if matches!(check.head(), Some("SETUPHOLD" | "SETUP")) {
                            let data = port(check, 1)?;
                            let setup = self.delay_list(check, 3)?;
                            let id = self.pin(pin(data));
                            match self.check_index.get(&id) {
                                Some(&k) => self.checks[k].1 = self.checks[k].1.max(setup),
                                None => {
                                    self.check_index.insert(id, self.checks.len());
                                    self.checks.push((id, setup));
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The largest value of the delay lists from item `from` on, in ps.
    fn delay(&self, entry: &Node, from: usize) -> Result<f64, String> {
        let lists = entry.items().get(from..).unwrap_or(&[]);
        if lists.is_empty() {
            return Err(format!("line {}: no delay", entry.line()));
        }
        let mut worst = 0.0f64;
        for list in lists {
            worst = worst.max(triple(list, entry.line())?);
        }
        Ok(worst * self.scale)
    }

    /// The largest value of the one delay list at item `at`, in ps.
    fn delay_list(&self, entry: &Node, at: usize) -> Result<f64, String> {
        let list = entry
            .items()
            .get(at)
            .ok_or_else(|| format!("line {}: no setup time", entry.line()))?;
        Ok(triple(list, entry.line())? * self.scale)
    }

    /// Longest paths in topological order (Kahn); pins on a loop, if any,
    /// pass nothing on.
    fn longest_paths(self) -> Timing {
        let n = self.names.len();
        let mut first = vec![0usize; n + 1];
        for &(a, _, _) in &self.edges {
            first[a + 1] += 1;
        }
        for k in 0..n {
            first[k + 1] += first[k];
        }
        let mut fill = first.clone();
        let mut out = vec![(0usize, 0.0f64); self.edges.len()];
        let mut indeg = vec![0u32; n];
        for &(a, b, d) in &self.edges {
            out[fill[a]] = (b, d);
            fill[a] += 1;
            indeg[b] += 1;
        }
        let mut arrival: Vec<Option<f64>> = vec![None; n];
        let mut source: Vec<usize> = (0..n).collect();
        let mut pred: Vec<Option<usize>> = vec![None; n];
        for (&p, &d) in &self.starts {
            arrival[p] = Some(d);
        }
        let mut queue: VecDeque<usize> = (0..n).filter(|&p| indeg[p] == 0).collect();
        while let Some(p) = queue.pop_front() {
            for &(q, d) in &out[first[p]..first[p + 1]] {
                if let Some(t) = arrival[p] {
                    if arrival[q].is_none_or(|u| t + d > u) {
                        arrival[q] = Some(t + d);
                        source[q] = source[p];
                        pred[q] = Some(p);
                    }
                }
                indeg[q] -= 1;
                if indeg[q] == 0 {
                    queue.push_back(q);
                }
            }
        }
        // Worst endpoint per group, groups in order of first appearance.
        let mut order: Vec<String> = Vec::new();
        let mut worst: HashMap<String, (f64, usize)> = HashMap::new();
        for &(p, setup) in &self.checks {
            let Some(t) = arrival[p] else { continue };
            let t = t + setup;
            let g = group(&self.names[p]);
            match worst.get_mut(&g) {
                Some(w) if t > w.0 => *w = (t, p),
                Some(_) => {}
                None => {
                    order.push(g.clone());
                    worst.insert(g, (t, p));
                }
            }
        }
        let mut groups: Vec<GroupTiming> = order
            .into_iter()
            .map(|g| {
                let (t, p) = worst[&g];
                GroupTiming {
                    from: group(&self.names[source[p]]),
                    group: g,
                    worst_ns: t / 1000.0,
                }
            })
            .collect();
        groups.sort_by(|a, b| b.worst_ns.total_cmp(&a.worst_ns));
        let trace = |end: usize, t: f64| {
            let mut path = vec![(self.names[end].clone(), t / 1000.0)];
            let mut p = end;
            while let Some(q) = pred[p] {
                path.push((self.names[q].clone(), arrival[q].unwrap_or(0.0) / 1000.0));
                p = q;
            }
            path.reverse();
            path
        };
        let paths: Vec<Vec<(String, f64)>> = groups
            .iter()
            .map(|g| {
                let (t, end) = worst[&g.group];
                trace(end, t)
            })
            .collect();
        let worst_path = paths.first().cloned().unwrap_or_default();
        Timing {
            groups,
            worst_path,
            paths,
        }
    }
}

/// The atoms of a list from item `from` on.
fn atoms(node: &Node, from: usize) -> Vec<&str> {
    node.items()
        .iter()
        .skip(from)
        .filter_map(|n| match n {
            Node::Atom(a) => Some(a.as_str()),
            Node::List { .. } => None,
        })
        .collect()
}

/// A port at item `at`: `PIN`, or `(posedge PIN)`.
fn port(entry: &Node, at: usize) -> Result<&str, String> {
    match entry.items().get(at) {
        Some(Node::Atom(a)) => Ok(a),
        Some(edge @ Node::List { .. }) => match edge.items().last() {
            Some(Node::Atom(a)) if edge.items().len() == 2 => Ok(a),
            _ => Err(format!("line {}: bad port", edge.line())),
        },
        None => Err(format!("line {}: missing port", entry.line())),
    }
}

/// The largest value of `(min:typ:max)` (or `(v)`; `()` is 0).
fn triple(list: &Node, line: usize) -> Result<f64, String> {
    let Node::List { items, .. } = list else {
        return Err(format!("line {line}: a delay is not a list"));
    };
    let mut worst = 0.0f64;
    for item in items {
        let Node::Atom(text) = item else {
            return Err(format!("line {line}: bad delay"));
        };
        for v in text.split(':').filter(|v| !v.is_empty()) {
            let v: f64 = v
                .parse()
                .map_err(|_| format!("line {line}: bad delay value {v:?}"))?;
            if !v.is_finite() {
                return Err(format!("line {line}: bad delay value {v:?}"));
            }
            worst = worst.max(v);
        }
    }
    Ok(worst)
}

/// ps per unit of `(TIMESCALE 1ps)` / `(TIMESCALE 10 ns)`.
fn timescale(node: &Node) -> Result<f64, String> {
    let text = atoms(node, 1).join("");
    let split = text
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number
        .parse()
        .map_err(|_| format!("line {}: bad TIMESCALE", node.line()))?;
    let unit = match unit {
        "fs" => 0.001,
        "ps" => 1.0,
        "ns" => 1000.0,
        "us" => 1e6,
        _ => return Err(format!("line {}: bad TIMESCALE unit", node.line())),
    };
    Ok(number * unit)
}

/// A small SDF (for tests and examples): a -> LUT x -> LUT y -> b (two LUT levels), and a -> b directly
/// (one interconnect): the long path wins.
pub const SAMPLE_SDF: &str = r#"(DELAYFILE
  (SDFVERSION "3.0")
  (DIVIDER /)
  (TIMESCALE 1ps)
  (CELL
(CELLTYPE "top")
(INSTANCE )
(DELAY
  (ABSOLUTE
    (INTERCONNECT u.a\[3\]_TRELLIS_FF_Q_2/Q u.x/A (100:150:200) (100:150:210))
    (INTERCONNECT u.x/F u.y/B (0:0:300) (0:0:0))
    (INTERCONNECT u.y/F u.b\$1_TRELLIS_FF_Q/M (10:20:40) (10:20:40))
    (INTERCONNECT u.a\[3\]_TRELLIS_FF_Q_2/Q u.b\$1_TRELLIS_FF_Q/DI (1000:1000:1000) (0:0:0))
  )
)
  )
  (CELL
(CELLTYPE "TRELLIS_FF")
(INSTANCE u.a\[3\]_TRELLIS_FF_Q_2)
(DELAY (ABSOLUTE (IOPATH CLK Q (430:477:525) (430:477:525))))
(TIMINGCHECK
  (SETUPHOLD (posedge M) (posedge CLK) (0:0:0) (233:268:303))
)
  )
  (CELL
(CELLTYPE "TRELLIS_COMB")
(INSTANCE u.x)
(DELAY (ABSOLUTE (IOPATH A F (200:218:236) (200:218:236))))
  )
  (CELL
(CELLTYPE "TRELLIS_COMB")
(INSTANCE u.y)
(DELAY (ABSOLUTE (IOPATH B F (200:218:236) (200:218:250))))
  )
  (CELL
(CELLTYPE "TRELLIS_FF")
(INSTANCE u.b\$1_TRELLIS_FF_Q)
(DELAY (ABSOLUTE (IOPATH CLK0 Q (430:477:525) (430:477:525))))
(TIMINGCHECK
  (SETUPHOLD (posedge M) (posedge CLK) (0:0:0) (233:268:303))
  (SETUPHOLD (negedge M) (posedge CLK) (5:6:7) (233:268:303))
  (SETUPHOLD (posedge DI) (posedge CLK) (1:2:3) (0:0:0))
)
  )
)
"#;

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = SAMPLE_SDF;

    #[test]
    fn small_sdf_worst_path_and_groups() {
        let t = analyse(SMALL).unwrap();
        // 525 clk-to-Q + 210 + 236 + 300 + 250 + 40 + setup 7 = 1568 ps;
        // the direct DI path is 525 + 1000 + 3 = 1528 ps.
        assert_eq!(
            t.groups,
            vec![GroupTiming {
                group: "u.b$1".into(),
                worst_ns: 1.568,
                from: "u.a".into(),
            }]
        );
        assert_eq!(t.paths, vec![t.worst_path.clone()]);
        let pins: Vec<&str> = t.worst_path.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            pins,
            [
                "u.a[3]_TRELLIS_FF_Q_2/Q",
                "u.x/A",
                "u.x/F",
                "u.y/B",
                "u.y/F",
                "u.b$1_TRELLIS_FF_Q/M"
            ]
        );
        assert_eq!(t.worst_path[0].1, 0.525);
        assert_eq!(t.worst_path[5].1, 1.568);
        assert_eq!(profile(SMALL).unwrap(), t.groups);
    }

    #[test]
    fn group_names_drop_the_ff_suffix_and_indices() {
        assert_eq!(group("u.d10$q_TRELLIS_FF_Q_42/M"), "u.d10$q");
        assert_eq!(group("u.acc[12]_TRELLIS_FF_Q/DI"), "u.acc");
        assert_eq!(group("u.m[x]_TRELLIS_FF_Q_DI_LUT4_Z/A"), "u.m[x]");
        assert_eq!(group("plain"), "plain");
    }

    #[test]
    fn malformed_text_is_an_error() {
        for (text, needle) in [
            ("", "no DELAYFILE"),
            ("(DELAYFILE (CELL (INSTANCE x)", "not closed"),
            ("(DELAYFILE))", "unmatched"),
            ("(NOTSDF)", "not a DELAYFILE"),
            ("(DELAYFILE\n (CELL (INSTANCE x)\n (DELAY (ABSOLUTE (IOPATH A F (1:x:3)))))))", "line 3"),
            ("(DELAYFILE (CELL (INSTANCE x) (DELAY (ABSOLUTE (IOPATH A)))))", "missing port"),
            ("(DELAYFILE (CELL (INSTANCE x) (TIMINGCHECK (SETUPHOLD (posedge M) (posedge CLK))))))", "setup"),
            ("(DELAYFILE (TIMESCALE 1 parsec))", "TIMESCALE"),
            ("(DELAYFILE \"unterminated)", "unterminated"),
            ("(DELAYFILE) (DELAYFILE)", "after"),
        ] {
            let err = analyse(text).expect_err(text);
            assert!(err.contains(needle), "{text}: {err}");
        }
        let deep = "(".repeat(10_000);
        assert!(analyse(&deep).is_err());
    }

    /// The SDF of DFMA seed 1 from the experiments (not in the repository;
    /// run with `--ignored` where /work/exp/dp/base_s1.sdf exists). nextpnr
    /// reported 119.32 MHz for it, i.e. 8.381 ns.
    #[test]
    #[ignore]
    fn real_dfma_sdf_matches_nextpnr() {
        let path = "/work/exp/dp/base_s1.sdf";
        let Ok(text) = std::fs::read_to_string(path) else {
            eprintln!("{path} not found; skipped");
            return;
        };
        let started = std::time::Instant::now();
        let t = analyse(&text).unwrap();
        eprintln!("profiled {path} in {:?}", started.elapsed());
        for g in t.groups.iter().take(10) {
            eprintln!("{:7.3} ns  {}  <- {}", g.worst_ns, g.group, g.from);
        }
        let top = &t.groups[0];
        assert_eq!(top.group, "u.lzc_merge.count1$0");
        assert!((top.worst_ns - 8.381).abs() < 1e-9, "{}", top.worst_ns);
        assert_eq!(top.from, "u.acc_select.carry1");
    }
}
