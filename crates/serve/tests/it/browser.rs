//! The page in headless Chromium, driven through WebDriver: for each
//! family, open the page, do the main action, check the result shown, and
//! time it from the click to the result drawn (the page records that time
//! on the result, `data-ms`, measured in the browser).
//!
//! Then, as a browser sees them, the server's checks: a page from another
//! origin cannot start work or read answers, one allowed with
//! `--allow-origin` can; the page opened at its address with the token
//! works on a server that asks for one.
//!
//! Needs Debian's `chromium` and `chromium-driver`. Without
//! /usr/bin/chromedriver the test says why and passes, unless
//! `CUBIST_E2E=1` (as CI sets), when that is a failure.
//! `CUBIST_SCREENSHOTS=1` saves the screenshots to docs/img/serve-*.png.

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const DRIVER: &str = "/usr/bin/chromedriver";

/// The chromedriver process, killed when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts chromedriver on a free port and waits until it listens: up to
/// 60 s, since on a machine busy with a parallel build it has been seen to
/// take more than 10.
fn start_driver() -> (Driver, u16) {
    let port = cubist_testkit::loopback_port();
    let child = Command::new(DRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {DRIVER}: {e}"));
    let driver = Driver(child);
    for _ in 0..600 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return (driver, port);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("{DRIVER} did not listen on port {port} within 60 s");
}

/// A headless Chromium session with a fresh profile.
async fn browser(port: u16, profile: &Path) -> Client {
    let args = [
        "--headless",
        "--no-sandbox",
        // WebGL in software, for cubing.js's 3D player.
        "--use-gl=angle",
        "--use-angle=swiftshader",
        "--enable-unsafe-swiftshader",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1280,1400",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect::<Vec<_>>();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({"binary": "/usr/bin/chromium", "args": args}),
    );
    ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a WebDriver session")
}

/// Clicks `button` and waits for `result` to carry its `data-ms`; returns
/// the milliseconds from the click to the result drawn.
async fn click(c: &Client, button: &str, result: &str) -> f64 {
    press(c, Locator::Id(button)).await;
    let el = c
        .wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css(&format!("#{result}[data-ms]")))
        .await
        .unwrap_or_else(|e| panic!("no result in #{result} after #{button}: {e}"));
    el.attr("data-ms").await.unwrap().unwrap().parse().unwrap()
}

/// Clicks the element found.
async fn press(c: &Client, at: Locator<'_>) {
    c.find(at).await.unwrap().click().await.unwrap();
}

/// Chooses `value` in the select element `id`.
async fn choose(c: &Client, id: &str, value: &str) {
    c.find(Locator::Id(id))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap();
}

/// The text of an element.
async fn text(c: &Client, id: &str) -> String {
    c.find(Locator::Id(id)).await.unwrap().text().await.unwrap()
}

/// The median of `runs` clicks.
async fn median(c: &Client, button: &str, result: &str, runs: usize) -> f64 {
    let mut t = Vec::new();
    for _ in 0..runs {
        t.push(click(c, button, result).await);
    }
    t.sort_by(f64::total_cmp);
    t[t.len() / 2]
}

/// Saves a screenshot as docs/img/serve-NAME.png when asked to.
async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    if std::env::var("CUBIST_SCREENSHOTS").as_deref() == Ok("1") {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../../docs/img/serve-{name}.png"));
        std::fs::write(&path, png).unwrap();
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_page_in_chromium() {
    if !Path::new(DRIVER).exists() {
        assert!(
            std::env::var("CUBIST_E2E").as_deref() != Ok("1"),
            "CUBIST_E2E=1 but {DRIVER} is absent (apt-get install chromium chromium-driver)"
        );
        eprintln!("skipped: {DRIVER} is absent (apt-get install chromium chromium-driver to run the browser test)");
        return;
    }
    let listener = cubist_serve::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let options = cubist_serve::Options {
        warm_up: true,
        cache_dir: Some(crate::support::cache_folder()),
        ..cubist_serve::Options::default()
    };
    tokio::spawn(cubist_serve::serve(listener, options));
    let (_driver, port) = start_driver();
    let profile = std::env::temp_dir().join(format!("cubist-chromium-{}", std::process::id()));
    let c = browser(port, &profile).await;
    let result = run(&c, &base).await;
    other_pages(&c).await;
    with_token(&c).await;
    c.close().await.unwrap();
    let _ = std::fs::remove_dir_all(&profile);
    let [stack, twisty, cube36] = result;
    eprintln!("click to result, median of 7 (ms): stack solve {stack:.1}, twisty 3x3x3 solve {twisty:.1}, 36 Cube {cube36:.1}");
    // The goal is 100 ms (BENCHMARKS.md); a loaded machine gets slack here.
    for t in result {
        assert!(t < 2000.0, "{result:?}");
    }
}

/// Every family's main action; returns the medians of stack solve, twisty
/// solve and the 36 Cube.
async fn run(c: &Client, base: &str) -> [f64; 3] {
    c.goto(&format!("{base}/")).await.unwrap();
    c.wait()
        .at_most(Duration::from_secs(30))
        .for_element(Locator::Css("body[data-ready=yes]"))
        .await
        .expect("the page is ready");
    c.execute(COLLECT_ERRORS, vec![]).await.unwrap();

    // Stacking: Instant Insanity has one solution.
    click(c, "stack-solve", "stack-result").await;
    assert!(
        text(c, "stack-count").await.starts_with("1 solution "),
        "{}",
        text(c, "stack-count").await
    );
    // The method's working is shown as the terminal shows it (it was
    // "[object Object]").
    let working = text(c, "stack-working").await;
    assert!(
        working.starts_with("The colour multigraph: a vertex per colour") && !working.contains("[object"),
        "{working}"
    );
    let stack = median(c, "stack-solve", "stack-result", 7).await;
    // McDonnell's 22 solutions, the third one drawn.
    choose(c, "stack-example", "mcdonnell22.cubes").await;
    click(c, "stack-solve", "stack-result").await;
    assert!(text(c, "stack-count").await.starts_with("22 solutions "));
    press(c, Locator::Id("stack-sol-3")).await;
    c.wait()
        .at_most(Duration::from_secs(30))
        .for_element(Locator::Css("#stack-sol-3.drawn"))
        .await
        .unwrap();
    let picture = c
        .find(Locator::Id("stack-picture"))
        .await
        .unwrap()
        .html(true)
        .await
        .unwrap();
    assert!(picture.contains("set: solution 3 of 22"), "{picture}");
    screenshot(c, "stack").await;

    // Target building: build Cb from eight cubes picked on the tableau.
    press(c, Locator::Id("tab-target")).await;
    c.find(Locator::Id("target-cubes"))
        .await
        .unwrap()
        .clear()
        .await
        .unwrap();
    press(c, Locator::Id("target-mode-cubes")).await;
    for name in ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"] {
        press(c, Locator::Id(&format!("cube-{name}"))).await;
    }
    press(c, Locator::Id("target-mode-target")).await;
    press(c, Locator::Id("cube-Cb")).await;
    click(c, "target-solve", "target-result").await;
    assert_eq!(text(c, "target-count").await, "builds Cb: solution number 4");
    // Table 2 as a job, followed through its events to the end: the
    // section opened by a click on its summary, the census started by a
    // click on its button.
    press(c, Locator::Css("#tcensus-box > summary")).await;
    choose(c, "tcensus-kind", "table2").await;
    press(c, Locator::Id("tcensus-run")).await;
    let table = c
        .wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css("#tcensus-job .out pre"))
        .await
        .expect("the census job's result");
    let table = table.html(true).await.unwrap();
    assert!(
        table.contains("\"census\": \"table2\""),
        "{}",
        &table[..table.len().min(500)]
    );
    screenshot(c, "target").await;

    // Placement: the 36 Cube's 96 solutions, stepped; Knuth's toy problem.
    press(c, Locator::Id("tab-place")).await;
    click(c, "cube36-load", "cube36-result").await;
    assert!(text(c, "cube36-count")
        .await
        .starts_with("96 solutions; 4 up to the 24 symmetries"));
    click(c, "cube36-next", "cube36-result").await;
    assert_eq!(text(c, "cube36-index").await, "solution 2 of 96");
    let cube36 = median(c, "cube36-next", "cube36-result", 7).await;
    click(c, "dlx-count", "dlx-result").await;
    assert!(text(c, "dlx-count-text").await.starts_with("1 solution "));
    // Euler's officers of order 6: the page shows the proof that no pair
    // exists (it showed only "no orthogonal pair").
    let n = c.find(Locator::Id("latin-n")).await.unwrap();
    n.clear().await.unwrap();
    n.send_keys("6").await.unwrap();
    click(c, "officers-run", "latin-result").await;
    assert_eq!(text(c, "officers-text").await, "no orthogonal pair of order 6");
    let proof = text(c, "officers-certificate").await;
    assert!(
        proof.starts_with("order 6: 9408 reduced Latin squares, 22 isotopy classes, 12 main classes")
            && proof.contains("no square has 6 disjoint transversals"),
        "{proof}"
    );
    click(c, "cube36-load", "cube36-result").await;
    screenshot(c, "place").await;

    // Twisty: solve a 3x3x3 scramble with two-phase, step to solved.
    press(c, Locator::Id("tab-twisty")).await;
    choose(c, "twisty-method", "twophase").await;
    let moves = c.find(Locator::Id("twisty-moves")).await.unwrap();
    moves.clear().await.unwrap();
    moves.send_keys("R U2 F' L D B2 R' U F2 D'").await.unwrap();
    click(c, "twisty-solve", "twisty-result").await;
    let twisty = median(c, "twisty-solve", "twisty-result", 7).await;
    let solution = text(c, "twisty-solution").await;
    let steps = solution.split_whitespace().count();
    assert!((1..=21).contains(&steps), "{solution}");
    for _ in 0..steps {
        click(c, "twisty-step-next", "twisty-result").await;
    }
    let solved = c
        .find(Locator::Id("twisty-picture"))
        .await
        .unwrap()
        .attr("data-solved")
        .await
        .unwrap();
    assert_eq!(solved.as_deref(), Some("yes"), "after {solution}");
    // cubing.js's player shows the scramble and plays the solution, drawn
    // in 3D (WebGL in software) and, chosen on the page, in 2D.
    let scramble = "R U2 F' L D B2 R' U F2 D'";
    let drawn = player(c, "3x3x3", scramble, &solution, "canvas").await;
    assert!(drawn.contains("canvas"), "{drawn}");
    // The player fills its column (it was about 380 pixels wide).
    let width = c
        .execute(
            "return document.querySelector('#twisty-player-box twisty-player').getBoundingClientRect().width",
            vec![],
        )
        .await
        .unwrap();
    assert!(width.as_f64().unwrap() >= 450.0, "{width}");
    click(c, "twisty-analyze", "twisty-analysis").await;
    assert_eq!(text(c, "twisty-order").await, "group order 43252003274489856000");
    screenshot(c, "twisty").await;
    // Another view keeps the solution and the step reached (switching
    // threw them away).
    choose(c, "twisty-view", "2D").await;
    let drawn = player(c, "3x3x3", scramble, &solution, "svg").await;
    assert!(drawn.contains("svg"), "{drawn}");
    assert_eq!(text(c, "twisty-step").await, format!("step {steps} of {steps}"));
    // A move of the solution clicked: the picture shows the state after it.
    press(c, Locator::Css("#twisty-solution .mv[data-k='1']")).await;
    c.wait()
        .at_most(Duration::from_secs(30))
        .for_element(Locator::Css("#twisty-picture[data-solved=no]"))
        .await
        .expect("the state after the first move");
    assert_eq!(text(c, "twisty-step").await, format!("step 1 of {steps}"));
    screenshot(c, "twisty-2d").await;
    // A link to the state and its solution opens the same, checked.
    press(c, Locator::Id("twisty-link")).await;
    let link = c
        .find(Locator::Id("twisty-link-text"))
        .await
        .unwrap()
        .prop("value")
        .await
        .unwrap()
        .unwrap();
    assert!(link.contains("#twisty?puzzle=3x3x3&moves="), "{link}");
    // (From another page: the same address with its hash is no navigation.)
    c.goto("about:blank").await.unwrap();
    c.goto(&link).await.unwrap();
    c.wait()
        .at_most(Duration::from_secs(30))
        .for_element(Locator::Css("body[data-ready=yes]"))
        .await
        .expect("the page from the link");
    c.execute(COLLECT_ERRORS, vec![]).await.unwrap();
    assert_eq!(
        c.find(Locator::Id("twisty-moves"))
            .await
            .unwrap()
            .prop("value")
            .await
            .unwrap()
            .as_deref(),
        Some(scramble)
    );
    assert_eq!(text(c, "twisty-solution").await, solution);
    let about = text(c, "twisty-result").await;
    assert!(
        about.contains(&format!("from the link: {steps} moves; solves the state (checked)")),
        "{about}"
    );
    // The pad: half turns and keys. `r` then Shift+`u` (U') from the page.
    let moves = c.find(Locator::Id("twisty-moves")).await.unwrap();
    moves.clear().await.unwrap();
    press(c, Locator::Css("#twisty-buttons button[title='key r']")).await;
    let r2 = c.find_all(Locator::Css("#twisty-buttons button")).await.unwrap();
    let mut clicked = false;
    for b in r2 {
        if b.text().await.unwrap() == "R2" {
            b.click().await.unwrap();
            clicked = true;
            break;
        }
    }
    assert!(clicked, "no R2 button");
    press(c, Locator::Css("#twisty h2")).await;
    c.execute(
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'U', shiftKey: true, bubbles: true}))",
        vec![],
    )
    .await
    .unwrap();
    let mut typed = None;
    for _ in 0..300 {
        typed = c
            .find(Locator::Id("twisty-moves"))
            .await
            .unwrap()
            .prop("value")
            .await
            .unwrap();
        if typed.as_deref() == Some("R R2 U'") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        typed.as_deref(),
        Some("R R2 U'"),
        "the moves of the buttons and the key"
    );
    // A bad move names the page's field, not a command-line option.
    let moves = c.find(Locator::Id("twisty-moves")).await.unwrap();
    moves.clear().await.unwrap();
    moves.send_keys("R U X").await.unwrap();
    click(c, "twisty-apply", "twisty-result").await;
    assert_eq!(
        text(c, "twisty-result").await,
        "Moves: column 5: unknown move \"X\" for 3x3x3"
    );
    // The optimal solver says why it is limited here (the server holds its
    // tables to 400 MiB).
    moves.clear().await.unwrap();
    moves.send_keys("R U F").await.unwrap();
    choose(c, "twisty-method", "optimal").await;
    click(c, "twisty-solve", "twisty-result").await;
    let about = text(c, "twisty-result").await;
    assert!(about.contains("the table memory (400 MiB) is below"), "{about}");
    // To a pattern: the cross (a name the target field suggests), then by
    // fewest-moves steps, each listed.
    let suggested = c
        .execute(
            "return [...document.querySelectorAll('#twisty-targets option')].map((o) => o.value)",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(suggested[0], "cross", "{suggested}");
    let target = c.find(Locator::Id("twisty-target")).await.unwrap();
    target.send_keys("cross").await.unwrap();
    click(c, "twisty-solve", "twisty-result").await;
    assert_eq!(text(c, "twisty-solution").await, "F' R'");
    let about = text(c, "twisty-result").await;
    assert!(about.contains("2 moves to cross"), "{about}");
    target.clear().await.unwrap();
    let steps = c.find(Locator::Id("twisty-steps")).await.unwrap();
    steps.send_keys("eo,dr,finish").await.unwrap();
    click(c, "twisty-solve", "twisty-result").await;
    assert_eq!(text(c, "twisty-solution").await, "F' U' R'");
    assert_eq!(
        text(c, "twisty-steps-list").await,
        "eo (ud): F' U — 2 moves, optimal\ndr (rl): nothing to do — 0 moves, optimal\nfinish (rl): U2 R' — 2 moves, optimal"
    );
    steps.clear().await.unwrap();
    // Every optimal solution (the box shows with the optimal method on the
    // 3x3x3), counted as the terminal counts them; a listed one goes into
    // the player; up to symmetry, one of each class.
    moves.clear().await.unwrap();
    moves.send_keys("R2 L2 U2 D2").await.unwrap();
    c.find(Locator::Id("twisty-all")).await.unwrap().click().await.unwrap();
    click(c, "twisty-solve", "twisty-result").await;
    assert_eq!(
        text(c, "twisty-all-count").await,
        "8 optimal solutions (2 up to the order of commuting turns, 1 up to the state's 16 symmetries)"
    );
    let last = c
        .find(Locator::Css("#twisty-all-list li:last-child .pick"))
        .await
        .unwrap();
    assert_eq!(last.text().await.unwrap(), "L2 R2 D2 U2");
    last.click().await.unwrap();
    c.wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Css("#twisty-all-list .pick.chosen"))
        .await
        .expect("the chosen solution marked");
    assert_eq!(text(c, "twisty-solution").await, "L2 R2 D2 U2");
    c.find(Locator::Id("twisty-sym")).await.unwrap().click().await.unwrap();
    click(c, "twisty-solve", "twisty-result").await;
    assert_eq!(
        text(c, "twisty-all-list").await,
        "U2 D2 R2 L2",
        "one of the one class up to symmetry"
    );
    c.find(Locator::Id("twisty-all")).await.unwrap().click().await.unwrap();
    // The pyraminx: cubing.js's model agrees with cubist's solution (a
    // 7-move optimal solution of a 10-move scramble, not its inverse), so
    // the player shows it.
    choose(c, "twisty-puzzle", "pyraminx").await;
    c.wait()
        .at_most(Duration::from_secs(30))
        .for_element(Locator::Css("twisty-player[puzzle=pyraminx]"))
        .await
        .expect("the pyraminx in the player");
    choose(c, "twisty-method", "optimal").await;
    let scramble = "U L U' L' R B R' B' U R";
    let moves = c.find(Locator::Id("twisty-moves")).await.unwrap();
    moves.clear().await.unwrap();
    moves.send_keys(scramble).await.unwrap();
    click(c, "twisty-solve", "twisty-result").await;
    let solution = text(c, "twisty-solution").await;
    assert!(solution.split_whitespace().count() < 10, "{solution}");
    // (In 3D: the page opened from the link starts in 3D.)
    player(c, "pyraminx", scramble, &solution, "canvas").await;
    // The skewb in the WCA's letters: answered in them, and cubing.js's
    // skewb agrees with the answer, so the player shows it.
    choose(c, "twisty-puzzle", "skewb").await;
    c.wait()
        .at_most(Duration::from_secs(30))
        .for_element(Locator::Css("#twisty-buttons button[title='key r']"))
        .await
        .expect("the skewb's pad");
    let scramble = "R U L' B R'";
    let moves = c.find(Locator::Id("twisty-moves")).await.unwrap();
    moves.clear().await.unwrap();
    moves.send_keys(scramble).await.unwrap();
    click(c, "twisty-solve", "twisty-result").await;
    let solution = text(c, "twisty-solution").await;
    assert_eq!(solution, "R B' L U' R'");
    player(c, "skewb", scramble, &solution, "canvas").await;
    // The skewb turned by its corners' names, which cubing.js does not
    // read: cubist's own 3D player, drawn from the puzzle's geometry (30
    // stickers), playing the solution step by step; 2D and back keeps the
    // step.
    let scramble = "DBR UBL'";
    let moves = c.find(Locator::Id("twisty-moves")).await.unwrap();
    moves.clear().await.unwrap();
    moves.send_keys(scramble).await.unwrap();
    click(c, "twisty-solve", "twisty-result").await;
    assert_eq!(text(c, "twisty-solution").await, "UBL DBR'");
    wait_for(c, "#twisty-solid[data-stickers='30'][data-step='0']").await;
    // Each frame records how many cut faces it drew (`data-cuts`): while a
    // move turns, the inside it lays open, here one plane (a skewb turn
    // cuts the cube in half) of whose two faces only the far part's faces
    // the eye; at rest, none.
    c.execute(
        "window.cutsDrawn = []; new MutationObserver(() => { if (solid.anim) cutsDrawn.push(solid.canvas.dataset.cuts); })\
         .observe(solid.canvas, { attributes: true, attributeFilter: ['data-cuts'] });",
        vec![],
    )
    .await
    .unwrap();
    click(c, "twisty-step-next", "twisty-result").await;
    click(c, "twisty-step-next", "twisty-result").await;
    wait_for(c, "#twisty-solid[data-step='2']").await;
    let mut cuts = serde_json::Value::Null;
    for _ in 0..100 {
        cuts = c
            .execute(
                "return solid.anim ? null : [cutsDrawn, solid.canvas.dataset.cuts]",
                vec![],
            )
            .await
            .unwrap();
        if !cuts.is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let frames = cuts[0].as_array().expect("the moves played to their end");
    assert!(
        !frames.is_empty() && frames.iter().all(|n| n == "1"),
        "cut faces drawn per frame: {frames:?}"
    );
    assert_eq!(cuts[1], "0", "cut faces drawn at rest");
    wait_for(c, "#twisty-picture[data-solved=yes]").await;
    choose(c, "twisty-view", "2D").await;
    wait_for(c, "#twisty-picture:not([hidden]) svg").await;
    assert_eq!(text(c, "twisty-step").await, "step 2 of 2");
    choose(c, "twisty-view", "auto").await;
    wait_for(c, "#twisty-solid[data-step='2']").await;
    // The megaminx (its Pochmann scrambles turn the whole puzzle): cubist's player,
    // its 132 stickers; no cubing.js player.
    choose(c, "twisty-puzzle", "megaminx").await;
    wait_for(c, "#twisty-solid[data-stickers='132']").await;
    let players = c.find_all(Locator::Css("twisty-player")).await.unwrap();
    assert!(players.is_empty());
    screenshot(c, "twisty-megaminx").await;
    // Its moves are cubing.js's (Pochmann's R++ and D++ included): cubist's
    // answer to a scramble, played in cubing.js's model after the scramble
    // and the turn of the whole puzzle that brings its centres home, solves
    // it (the pieces home, whatever the centres' orientations).
    let agrees = c.execute_async(MEGAMINX_AGREES, vec![]).await.unwrap();
    assert_eq!(agrees, serde_json::json!("solved"));
    // A colour scheme: face F black, in 3D and in the picture.
    let colours = c.find(Locator::Id("twisty-colours")).await.unwrap();
    colours.send_keys("F=black").await.unwrap();
    press(c, Locator::Css("#twisty h2")).await;
    let mut fill = serde_json::Value::Null;
    for _ in 0..300 {
        fill = c
            .execute("return solid.data ? solid.data.colours[0] : null", vec![])
            .await
            .unwrap();
        if fill == "#222222" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(fill, "#222222", "face A's colour in the 3D player");
    choose(c, "twisty-view", "2D").await;
    let picture = wait_for(c, "#twisty-picture:not([hidden]) svg").await;
    assert!(picture.html(false).await.unwrap().contains("#222222"));
    let errors = page_errors(c).await;
    assert!(errors.is_empty(), "{errors:?}");
    [stack, twisty, cube36]
}

/// Waits (30 s at most) for an element matching `css`.
async fn wait_for(c: &Client, css: &str) -> fantoccini::elements::Element {
    match c
        .wait()
        .at_most(Duration::from_secs(30))
        .for_element(Locator::Css(css))
        .await
    {
        Ok(el) => el,
        Err(e) => panic!("no {css}: {e}; the page's errors: {:?}", page_errors(c).await),
    }
}

/// A server on a free loopback port with these options; its base URL.
async fn server(options: cubist_serve::Options) -> String {
    let listener = cubist_serve::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(cubist_serve::serve(listener, options));
    base
}

/// Run on another origin's page: a form-like POST that starts a job
/// (plain text, `no-cors`: the browser sends it without asking), then a
/// JSON POST whose answer the page reads (the browser asks first, a
/// preflight). Resolves to `{"simple": "sent" | "failed", "read":
/// "<status> <field cubes' length>" | "blocked"}`.
const FROM_ELSEWHERE: &str = "const [base, done] = arguments; const out = {};\
    try { await fetch(base + '/api/v1/stack/census?job=true', {method: 'POST', mode: 'no-cors',\
        headers: {'Content-Type': 'text/plain'}, body: '{\"colours\": 2}'}); out.simple = 'sent'; }\
    catch (e) { out.simple = 'failed'; }\
    try { const r = await fetch(base + '/api/v1/stack/random', {method: 'POST',\
        headers: {'Content-Type': 'application/json'}, body: '{\"cubes\": 4, \"seed\": 1}'});\
        const doc = await r.json(); out.read = r.status + ' ' + (doc.cubes ? doc.cubes.length : doc.error.message); }\
    catch (e) { out.read = 'blocked'; }\
    done(out);";

/// cubist's megaminx answer to a Pochmann scramble checked in cubing.js's
/// model (the page's `api` and `cubing` functions): `"solved"` or why not.
const MEGAMINX_AGREES: &str = "const done = arguments[0]; (async () => {\
    const scramble = \"R++ D++ R-- D-- R-- D++ R++ D-- R++ D-- U' R++ D++ R-- D++ R++ D-- R++ D++ R++ D++ U\";\
    const doc = await api('twisty/solve', { puzzle: { builtin: 'megaminx' }, scramble });\
    const kp = await (await cubing()).puzzles.puzzles.megaminx.kpuzzle();\
    const home = kp.defaultPattern().patternData;\
    const centres = (p) => home.CENTERS.pieces.every((x, i) => p.patternData.CENTERS.pieces[i] === x);\
    const seen = [kp.defaultPattern().applyAlg(scramble)];\
    let p = null;\
    for (let i = 0; i < seen.length && !p; i++) {\
      if (centres(seen[i])) { p = seen[i]; break; }\
      for (const m of ['Uv', 'Rv']) { const q = seen[i].applyAlg(m); if (!seen.some((s) => s.isIdentical(q))) seen.push(q); }\
    }\
    if (!p) return 'no turn of the whole puzzle brings the centres home';\
    const end = p.applyAlg(doc.states[0].alg).patternData;\
    const ok = ['CORNERS', 'EDGES'].every((o) => home[o].pieces.every((x, i) => end[o].pieces[i] === x\
      && end[o].orientation[i] === home[o].orientation[i])) && centres({ patternData: end });\
    return ok ? 'solved' : 'not solved: ' + doc.states[0].alg;\
  })().then(done, (e) => done(String(e)));";

/// Another origin's page (a server of its own, no policy) calls a cubist
/// server: refused, unless that server allows the origin.
async fn other_pages(c: &Client) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let elsewhere = format!("http://{}", listener.local_addr().unwrap());
    let page = axum::Router::new().route(
        "/",
        axum::routing::get(|| async { axum::response::Html("<p>another site</p>") }),
    );
    tokio::spawn(async move { axum::serve(listener, page).await });
    let closed = server(cubist_serve::Options::default()).await;
    let open = server(cubist_serve::Options {
        access: cubist_serve::Access {
            allow_origins: vec![elsewhere.clone()],
            ..cubist_serve::Access::default()
        },
        ..cubist_serve::Options::default()
    })
    .await;
    c.goto(&format!("{elsewhere}/")).await.unwrap();
    let out = c
        .execute_async(FROM_ELSEWHERE, vec![closed.clone().into()])
        .await
        .unwrap();
    // The plain-text POST went out (its answer is hidden from the page),
    // and was refused: no job exists; the JSON POST's preflight was refused.
    assert_eq!(out, serde_json::json!({"simple": "sent", "read": "blocked"}));
    assert_eq!(status(&closed, "/api/v1/jobs/1").await, 404);
    // Allowed: the answer is read; the plain-text POST is still refused.
    let out = c
        .execute_async(FROM_ELSEWHERE, vec![open.clone().into()])
        .await
        .unwrap();
    assert_eq!(out, serde_json::json!({"simple": "sent", "read": "200 4"}));
    assert_eq!(status(&open, "/api/v1/jobs/1").await, 404);
}

/// The status of `GET base+path`, from this process (no browser).
async fn status(base: &str, path: &str) -> u16 {
    super::support::call(base, path, None).await.status
}

/// A server that asks for a token: the page opened at the address it
/// gives works, its requests carrying the cookie the server set.
async fn with_token(c: &Client) {
    let token = cubist_serve::new_token().unwrap();
    let base = server(cubist_serve::Options {
        access: cubist_serve::Access {
            token: Some(token.clone()),
            ..cubist_serve::Access::default()
        },
        ..cubist_serve::Options::default()
    })
    .await;
    c.goto(&format!("{base}/?token={token}")).await.unwrap();
    c.wait()
        .at_most(Duration::from_secs(30))
        .for_element(Locator::Css("body[data-ready=yes]"))
        .await
        .expect("the page is ready");
    click(c, "stack-solve", "stack-result").await;
    let count = text(c, "stack-count").await;
    assert!(count.starts_with("1 solution "), "{count}");
}

/// Collects the page's uncaught errors and rejected promises (a module
/// that fails to load is one) in `window.cubistErrors`.
const COLLECT_ERRORS: &str = "window.cubistErrors = [];\
    addEventListener('error', (e) => cubistErrors.push(String(e.message)));\
    addEventListener('unhandledrejection', (e) => cubistErrors.push(String(e.reason && e.reason.stack || e.reason)));";

/// The errors collected since [`COLLECT_ERRORS`] ran.
async fn page_errors(c: &Client) -> Vec<String> {
    let v = c.execute("return window.cubistErrors || []", vec![]).await.unwrap();
    serde_json::from_value(v).unwrap_or_default()
}

/// Waits for the page's `<twisty-player>` to carry `setup` and `alg` and to
/// have drawn: a `<canvas>` (3D) or `<svg>` (2D) somewhere in its shadow
/// trees (closed ones, reached through the player's own `shadow` fields).
/// Returns the tags found.
async fn player(c: &Client, puzzle: &str, setup: &str, alg: &str, want: &str) -> String {
    let script = "const p = document.querySelector('#twisty-player-box twisty-player');\
        if (!p) return null;\
        const tags = [], seen = [];\
        const walk = (root) => { for (const e of root.querySelectorAll('*')) {\
            const t = e.tagName.toLowerCase();\
            seen.push(t + (t === 'canvas' ? '(' + e.width + 'x' + e.height + ')' : ''));\
            if ((t === 'canvas' && e.width > 0) || (t === 'svg' && e.querySelector('*'))) tags.push(t);\
            const r = e.shadow || e.shadowRoot; if (r) walk(r); } };\
        if (p.shadow) walk(p.shadow);\
        return [p.getAttribute('puzzle'), p.getAttribute('experimental-setup-alg'), p.getAttribute('alg'), tags.join(' '),\
            seen.join(' ')];";
    let mut elements = String::new();
    for _ in 0..300 {
        let v = c.execute(script, vec![]).await.unwrap();
        if let Some(a) = v.as_array() {
            let s = |i: usize| a[i].as_str().unwrap_or("").to_string();
            assert_eq!((s(0), s(1), s(2)), (puzzle.into(), setup.into(), alg.into()));
            if s(3).split_whitespace().any(|t| t == want) {
                return s(3);
            }
            elements = s(4);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "the player drew no {want}; its shadow trees hold: {elements}; the page's errors: {:?}",
        page_errors(c).await
    );
}
