//! Charts with plotters' SVG backend: the histogram of a census.
//!
//! ```
//! let svg = cubist_render::plot::histogram_svg("K = 3", &[(0, 3000), (1, 40), (2, 7)]).unwrap();
//! assert!(svg.starts_with("<svg") && svg.contains("K = 3"));
//! ```

use plotters::coord::Shift;
use plotters::prelude::*;

const SIZE: (u32, u32) = (800, 480);

/// An SVG bar chart of `bars` = (number of solutions, number of sets), one bar
/// per entry. The vertical axis is logarithmic when the non-zero counts span
/// two decades or more (a census histogram usually does: most sets have 0).
pub fn histogram_svg(title: &str, bars: &[(u64, u64)]) -> Result<String, crate::Error> {
    let shown: Vec<(u64, u64)> = bars.iter().copied().filter(|b| b.1 > 0).collect();
    if shown.is_empty() {
        return Err(crate::Error::Empty("histogram"));
    }
    let xmax = shown.iter().map(|b| b.0).max().unwrap_or(0) as f64;
    let ymax = shown.iter().map(|b| b.1).max().unwrap_or(1) as f64;
    let ymin = shown.iter().map(|b| b.1).min().unwrap_or(1) as f64;
    let log = ymax >= 100.0 * ymin;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        draw(&root, title, &shown, xmax, ymax, log).map_err(|e| crate::Error::Plot(e.to_string()))?;
        root.present().map_err(|e| crate::Error::Plot(e.to_string()))?;
    }
    Ok(svg)
}

type DrawResult = Result<(), DrawingAreaErrorKind<<SVGBackend<'static> as DrawingBackend>::ErrorType>>;

fn draw(
    root: &DrawingArea<SVGBackend<'_>, Shift>,
    title: &str,
    bars: &[(u64, u64)],
    xmax: f64,
    ymax: f64,
    log: bool,
) -> DrawResult {
    root.fill(&WHITE)?;
    let mut builder = ChartBuilder::on(root);
    builder
        .caption(title, ("sans-serif", 22))
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(80);
    let x_range = -0.6f64..xmax + 0.6;
    let x_labels = (xmax as usize + 1).min(25);
    let bar = |&(x, y): &(u64, u64), base: f64| {
        Rectangle::new(
            [(x as f64 - 0.4, base), (x as f64 + 0.4, y as f64)],
            BLUE.mix(0.75).filled(),
        )
    };
    if log {
        let mut chart = builder.build_cartesian_2d(x_range, (0.5f64..ymax * 2.0).log_scale())?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(x_labels)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .x_desc("solutions")
            .y_desc("sets (log scale)")
            .draw()?;
        chart.draw_series(bars.iter().map(|b| bar(b, 0.5)))?;
    } else {
        let mut chart = builder.build_cartesian_2d(x_range, 0f64..ymax * 1.05)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(x_labels)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .x_desc("solutions")
            .y_desc("sets")
            .draw()?;
        chart.draw_series(bars.iter().map(|b| bar(b, 0.0)))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_rectangle_per_bar_and_log_scale_when_counts_span_decades() {
        let svg = histogram_svg("census", &[(0, 100_000), (1, 50), (3, 2)]).unwrap();
        assert!(svg.contains("sets (log scale)"));
        // One blue rectangle per bar, taller for larger counts.
        let bars: Vec<&str> = svg
            .lines()
            .filter(|l| l.starts_with("<rect") && l.contains("#0000FF"))
            .collect();
        assert_eq!(bars.len(), 3, "{svg}");
        let height = |l: &str| crate::svg::number_attr(l, "height");
        assert!(height(bars[0]) > height(bars[1]) && height(bars[1]) > height(bars[2]));
        let linear = histogram_svg("census", &[(0, 10), (1, 20)]).unwrap();
        assert!(!linear.contains("log scale"));
        assert!(histogram_svg("empty", &[(0, 0)]).is_err());
    }
}
