//! Measured quality-of-results points (`docs/qor-points.csv`) and the chart of
//! Fmax against latency drawn from them (`rtl-gen qor-plot`).
//!
//! Each row is one `rtl-gen fpga <unit> --target ecp5-85k --seeds 3` run:
//! `unit,family,latency,lut4,ff,dsp,bram,fmax1,fmax2,fmax3` (MHz per seed;
//! an empty field for a seed that did not route or was not run, or for a
//! resource the run did not record). Lines starting with `#`
//! and the header are skipped.

use crate::fpga::SeedSpread;
use plotters::prelude::*;

/// One measured configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct QorPoint {
    pub unit: String,
    pub family: String,
    pub latency: u32,
    /// Resources (`None` where the run that measured the clock did not
    /// record them).
    pub lut4: Option<u64>,
    pub ff: Option<u64>,
    pub dsp: Option<u64>,
    pub bram: Option<u64>,
    /// Fmax per placement seed 1..=n (MHz), `None` where a seed did not route.
    pub fmax: Vec<Option<f64>>,
}

impl QorPoint {
    /// The median Fmax over the seeds that routed, as `rtl-gen fpga
    /// --seeds N` reports it ([`SeedSpread`]: two seeds give their mean).
    pub fn median_fmax(&self) -> Option<f64> {
        SeedSpread::of(self.fmax.iter().flatten().copied()).map(|s| s.median)
    }
}

/// Reads the CSV; `Err` names the line and the field.
pub fn parse_points(text: &str) -> Result<Vec<QorPoint>, String> {
    let mut points = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("unit,") {
            continue;
        }
        let f: Vec<&str> = line.split(',').map(str::trim).collect();
        let at = |k: usize, name: &str| -> Result<&str, String> {
            f.get(k)
                .copied()
                .ok_or_else(|| format!("line {}: field {} ({name}) missing", i + 1, k + 1))
        };
        let number = |k: usize, name: &str| -> Result<u64, String> {
            at(k, name)?
                .parse()
                .map_err(|e| format!("line {}: field {} ({name}): {e}", i + 1, k + 1))
        };
        let resource = |k: usize, name: &str| -> Result<Option<u64>, String> {
            if at(k, name)?.is_empty() {
                Ok(None)
            } else {
                number(k, name).map(Some)
            }
        };
        let fmax = (7..f.len().max(8))
            .map(|k| {
                let v = at(k, "fmax")?;
                if v.is_empty() {
                    Ok(None)
                } else {
                    v.parse::<f64>()
                        .map(Some)
                        .map_err(|e| format!("line {}: field {} (fmax): {e}", i + 1, k + 1))
                }
            })
            .collect::<Result<Vec<_>, String>>()?;
        points.push(QorPoint {
            unit: at(0, "unit")?.to_string(),
            family: at(1, "family")?.to_string(),
            latency: number(2, "latency")? as u32,
            lut4: resource(3, "lut4")?,
            ff: resource(4, "ff")?,
            dsp: resource(5, "dsp")?,
            bram: resource(6, "bram")?,
            fmax,
        });
    }
    Ok(points)
}

/// The chart: median Fmax (seeds 1–3) against latency, one line per family,
/// each seed's figure as a dot, and the clock target dashed.
pub fn fmax_against_latency_svg(points: &[QorPoint], target_mhz: f64) -> String {
    let mut families: Vec<&str> = points.iter().map(|p| p.family.as_str()).collect();
    families.dedup();
    families.sort();
    families.dedup();
    let max_latency = points.iter().map(|p| p.latency).max().unwrap_or(1) + 1;
    let top = points
        .iter()
        .flat_map(|p| p.fmax.iter().flatten().copied())
        .fold(target_mhz * 1.25, f64::max);
    let palette = [
        RGBColor(0x1f, 0x77, 0xb4),
        RGBColor(0xff, 0x7f, 0x0e),
        RGBColor(0x2c, 0xa0, 0x2c),
        RGBColor(0xd6, 0x27, 0x28),
        RGBColor(0x94, 0x67, 0xbd),
        RGBColor(0x8c, 0x56, 0x4b),
    ];
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (900, 480)).into_drawing_area();
        let drawn = (|| -> Result<(), Box<dyn std::error::Error + '_>> {
            root.fill(&WHITE)?;
            let mut chart = ChartBuilder::on(&root)
                .caption(
                    "Fmax against latency, ECP5-85k speed grade 6 (median of seeds 1-3)",
                    ("sans-serif", 16),
                )
                .margin(12)
                .x_label_area_size(40)
                .y_label_area_size(55)
                .build_cartesian_2d(0u32..max_latency, 0f64..top)?;
            chart
                .configure_mesh()
                .x_desc("latency (clocks)")
                .y_desc("Fmax (MHz)")
                .draw()?;
            for (k, family) in families.iter().enumerate() {
                let colour = palette[k % palette.len()];
                let mut line: Vec<(u32, f64)> = points
                    .iter()
                    .filter(|p| p.family == *family)
                    .filter_map(|p| Some((p.latency, p.median_fmax()?)))
                    .collect();
                line.sort_by_key(|&(l, _)| l);
                chart
                    .draw_series(LineSeries::new(line.clone(), colour.stroke_width(2)))?
                    .label(family.to_string())
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
                let dots: Vec<(u32, f64)> = points
                    .iter()
                    .filter(|p| p.family == *family)
                    .flat_map(|p| p.fmax.iter().flatten().map(move |&f| (p.latency, f)))
                    .collect();
                chart.draw_series(
                    dots.into_iter()
                        .map(move |xy| Circle::new(xy, 3, colour.filled())),
                )?;
            }
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(0, target_mhz), (max_latency, target_mhz)],
                    6,
                    4,
                    RED.into(),
                ))?
                .label(format!("target {target_mhz} MHz"))
                .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED));
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::LowerRight)
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()?;
            root.present()?;
            Ok(())
        })();
        drawn.expect("drawing into a string cannot fail");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_parse_and_plot() {
        let csv = "unit,family,latency,lut4,ff,dsp,bram,fmax1,fmax2,fmax3\n\
                   # a comment\n\
                   dfma_d6,dfma,6,9000,800,16,0,100.5,,98.25\n\
                   dfma,dfma,10,9100,1200,16,0,131.8,130.1,132.0\n";
        let points = parse_points(csv).unwrap();
        assert_eq!(points.len(), 2);
        assert_eq!(points[0].fmax, vec![Some(100.5), None, Some(98.25)]);
        assert_eq!(points[0].median_fmax(), Some(99.375));
        assert_eq!(points[1].median_fmax(), Some(131.8));
        let svg = fmax_against_latency_svg(&points, 150.0);
        assert!(svg.starts_with("<svg") && svg.contains("<polyline") && svg.contains("dfma"));
        let bad = parse_points("x,dfma,six,1,1,1,1,1\n").unwrap_err();
        assert!(bad.contains("line 1: field 3 (latency)"), "{bad}");
    }
}
