//! Shards and `merge` as a library caller sees them: every census split
//! into N shards (N = 1, 2, 3 and more shards than parts, some of them
//! empty) merges into the very report of the whole run, text and JSON; bad
//! sets of documents are refused with their exact messages.

use cubist_api::command::{call, Command};
use cubist_api::merge::{Merge, MergeRequest};
use cubist_api::shard::Shard;
use cubist_api::{stack, target, to_json, Context, Error, ErrorKind, Report, Source};

/// The documents of every shard of `count`, named `s<index>.json`.
fn shards<C: Command>(req: impl Fn(Shard) -> C::Request, count: u64) -> Vec<Source> {
    (0..count)
        .map(|i| {
            let part = call::<C>(&req(Shard::new(i, count).unwrap()), &Context::default()).unwrap();
            Source::new(format!("s{i}.json"), to_json(&part).unwrap())
        })
        .collect()
}

/// Merges `documents`.
fn merge(documents: Vec<Source>) -> Result<cubist_api::merge::MergeReport, Error> {
    call::<Merge>(&MergeRequest { documents }, &Context::default())
}

/// Splits the census `req` into 1, 2, 3 and `many` shards and checks each
/// merge gives `whole`'s document and text.
fn check_every_split<C: Command>(whole: &impl Report, req: impl Fn(Shard) -> C::Request, many: u64) {
    check_splits::<C>(whole, req, &[1, 2, 3, many]);
}

/// Splits the census `req` into each of `counts` shards and checks each
/// merge gives `whole`'s document and text.
fn check_splits<C: Command>(whole: &impl Report, req: impl Fn(Shard) -> C::Request, counts: &[u64]) {
    for &count in counts {
        let merged = merge(shards::<C>(&req, count)).unwrap();
        assert_eq!(to_json(&merged).unwrap(), to_json(whole).unwrap(), "{count} shards");
        assert_eq!(merged.to_string(), whole.to_string(), "{count} shards");
    }
}

#[test]
fn stack_census_shards_merge_to_the_whole_census() {
    for (k, n) in [(3, None), (3, Some(2)), (2, Some(3)), (2, None)] {
        let base = stack::CensusRequest {
            cubes: n,
            ..stack::CensusRequest::new(k)
        };
        let whole = stack::census(&base, &Context::default()).unwrap();
        let req = |s| stack::CensusRequest {
            shard: Some(s),
            ..base.clone()
        };
        // K = 2 has a handful of chunks: 40 shards leave most empty.
        check_every_split::<stack::Census>(&whole, req, 40);
    }
    let whole = stack::census(&stack::CensusRequest::new(3), &Context::default()).unwrap();
    assert_eq!((whole.set_count, whole.histogram[&6]), (4060, 1));
}

#[test]
fn listed_sets_merge_to_the_first_of_the_whole() {
    let base = stack::CensusRequest {
        list: Some(7),
        ..stack::CensusRequest::new(3)
    };
    let whole = stack::census(&base, &Context::default()).unwrap();
    assert_eq!((whole.unique.len(), whole.unique_count), (7, 1458));
    let req = |s| stack::CensusRequest {
        shard: Some(s),
        ..base.clone()
    };
    check_every_split::<stack::Census>(&whole, req, 5);
}

#[test]
fn target_census_table1_shards_merge() {
    let one = target::CensusRequest {
        target: Some("Cb".into()),
        ..target::CensusRequest::default()
    };
    let whole = target::census(&one, &Context::default()).unwrap();
    let req = |s| target::CensusRequest {
        shard: Some(s),
        ..one.clone()
    };
    check_every_split::<target::Census>(&whole, req, 4);
    let all = target::CensusRequest::default();
    let whole = target::census(&all, &Context::default()).unwrap();
    let req = |s| target::CensusRequest {
        shard: Some(s),
        ..all.clone()
    };
    check_every_split::<target::Census>(&whole, req, 31);
    assert!(whole
        .to_string()
        .contains("every one of the 30 targets has the same Table 1"));
}

#[test]
fn target_census_spectrum_shards_merge() {
    // The sweep over all 2^30 sets takes seconds: whole, and in 2 shards.
    let spectrum = target::CensusRequest {
        census: target::CensusKind::Spectrum,
        ..target::CensusRequest::default()
    };
    let whole = target::census(&spectrum, &Context::default()).unwrap();
    let req = |s| target::CensusRequest {
        shard: Some(s),
        ..spectrum.clone()
    };
    check_splits::<target::Census>(&whole, req, &[2]);
    // Theorem 2: eight cubes build at most five targets, 360 sets of them.
    assert!(
        whole
            .to_string()
            .contains("  8     5852925    0    5   0.69  0.76         360  "),
        "{whole}"
    );
    let target::CensusReport::Spectrum(exact) = &whole else {
        panic!("not a spectrum: {whole}")
    };
    figure7_samples_agree_with_the_exact_spectrum(exact);
}

/// The paper's Figure 7 experiment, beside the exact spectrum (one sweep
/// of the 2^30 sets serves both): the same seed draws the same sets, each
/// size's histogram counts every drawn set, and the sample means fall near
/// the exact means of the whole spectrum (within five standard errors).
fn figure7_samples_agree_with_the_exact_spectrum(exact: &cubist_api::target::report::SpectrumReport) {
    use cubist_api::target::report::figure7;
    let n = 2000;
    let a = figure7(n, 7).unwrap();
    let b = figure7(n, 7).unwrap();
    assert_eq!(
        a.iter().map(|s| &s.histogram).collect::<Vec<_>>(),
        b.iter().map(|s| &s.histogram).collect::<Vec<_>>()
    );
    assert_eq!(a.iter().map(|s| s.k).collect::<Vec<_>>(), [9, 10, 11, 12]);
    for s in &a {
        assert_eq!(s.histogram.values().sum::<u64>(), n);
        let level = &exact.levels[s.k];
        assert!(level.min <= s.min && s.max <= level.max, "k = {}", s.k);
        let error = level.std_dev / (n as f64).sqrt();
        assert!(
            (s.mean - level.mean).abs() < 5.0 * error,
            "k = {}: {} against {}",
            s.k,
            s.mean,
            level.mean
        );
    }
    assert!(figure7(1_000_001, 1).is_err());
}

#[test]
fn target_census_universal_shards_merge() {
    // Two sweeps whole, two per shard over half the chunks each; with
    // --explain the orbit is found from the merged sets.
    let universal = target::CensusRequest {
        census: target::CensusKind::Universal,
        explain: true,
        ..target::CensusRequest::default()
    };
    let whole = target::census(&universal, &Context::default()).unwrap();
    let req = |s| target::CensusRequest {
        shard: Some(s),
        ..universal.clone()
    };
    check_splits::<target::Census>(&whole, req, &[2]);
    assert!(
        whole
            .to_string()
            .contains("minimum universal sets: 10 sets of 12 cubes"),
        "{whole}"
    );
}

#[test]
fn target_family_shards_merge() {
    // K = 2 has 5 targets: 7 parts, fewer than 9 shards; K = 3 (9
    // targets, Table 2 and the universal sets take seconds) in 4 shards.
    for (colours, counts) in [(2, &[1, 2, 3, 9][..]), (3, &[4][..])] {
        let base = target::FamilyRequest {
            colours,
            ..target::FamilyRequest::default()
        };
        let whole = target::family(&base, &Context::default()).unwrap();
        let req = |s| target::FamilyRequest {
            shard: Some(s),
            ..base.clone()
        };
        check_splits::<target::Family>(&whole, req, counts);
    }
}

/// The message of a failed merge, checked to be bad input (exit code 2).
fn refused(documents: Vec<Source>) -> String {
    let e = merge(documents).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Input, "{e}");
    e.to_string()
}

#[test]
fn bad_sets_of_documents_are_refused_with_their_messages() {
    let k3 = |s| stack::CensusRequest {
        shard: Some(s),
        ..stack::CensusRequest::new(3)
    };
    let docs = shards::<stack::Census>(k3, 3);
    assert_eq!(refused(vec![docs[0].clone(), docs[2].clone()]), "missing shard 1 of 3");
    assert_eq!(refused(vec![docs[0].clone()]), "missing shard 1 of 3 (and 1 more)");
    let again = Source::new("again.json", docs[1].bytes.clone());
    assert_eq!(
        refused(vec![docs[0].clone(), docs[1].clone(), again, docs[2].clone()]),
        "again.json: shard 1 of 3 twice (also in s1.json)"
    );
    let k3n2 = shards::<stack::Census>(
        |s| stack::CensusRequest {
            shard: Some(s),
            cubes: Some(2),
            ..stack::CensusRequest::new(3)
        },
        3,
    );
    assert_eq!(
        refused(vec![docs[0].clone(), k3n2[1].clone(), docs[2].clone()]),
        "s1.json: a shard of the census {\"colours\":3,\"cubes\":2,\"list\":null,\"show\":10}, but s0.json is of \
         {\"colours\":3,\"cubes\":null,\"list\":null,\"show\":10}: shards of different parameters"
    );
    let halves = shards::<stack::Census>(k3, 2);
    assert_eq!(
        refused(vec![docs[0].clone(), halves[1].clone()]),
        "s1.json: shard 1 of 2, but s0.json is a shard of 3"
    );
    let family = shards::<target::Family>(
        |s| target::FamilyRequest {
            colours: 2,
            shard: Some(s),
            ..target::FamilyRequest::default()
        },
        3,
    );
    assert_eq!(
        refused(vec![docs[0].clone(), family[1].clone()]),
        "s1.json: a shard of `target family`, but s0.json is a shard of `stack census`"
    );
    let whole = to_json(&stack::census(&stack::CensusRequest::new(3), &Context::default()).unwrap()).unwrap();
    assert_eq!(
        refused(vec![Source::new("k3.json", whole)]),
        "k3.json: not a shard's document (a report of `stack census` with no \"shard\" field): \
         run the census with --shard I/N --json"
    );
    assert_eq!(
        refused(vec![Source::new("bad.json", "{\n  \"cubist\": 1,\n  x\n}")]),
        "bad.json:3:3: not JSON: key must be a string"
    );
    assert_eq!(
        refused(vec![Source::new("list.json", " [1, 2]")]),
        "list.json: not a shard's document: not a JSON object"
    );
    assert_eq!(
        refused(vec![Source::new("odd.json", r#"{"shard": 1}"#)]),
        "odd.json: not a shard's document: invalid type: integer `1`, expected struct Shard"
    );
    assert_eq!(
        refused(vec![Source::new("empty.json", "")]),
        "empty.json: no JSON document: expected a shard's --json document"
    );
    assert_eq!(
        refused(Vec::new()),
        "merge needs the JSON documents of a census's shards: none given"
    );
    // Several documents in one source, as `cat` makes them.
    let all: Vec<u8> = docs.iter().flat_map(|d| d.bytes.clone()).collect();
    let merged = merge(vec![Source::new("-", all.clone())]).unwrap();
    assert!(to_json(&merged).unwrap().contains("\"set_count\": 4060"));
    let mut twice = all.clone();
    twice.extend_from_slice(&docs[0].bytes);
    assert_eq!(
        refused(vec![Source::new("-", twice)]),
        "- (document 4): shard 0 of 3 twice (also in - (document 1))"
    );
}

#[test]
fn tampered_sums_are_refused_not_trusted() {
    let docs = shards::<stack::Census>(
        |s| stack::CensusRequest {
            shard: Some(s),
            ..stack::CensusRequest::new(3)
        },
        1,
    );
    let text = String::from_utf8(docs[0].bytes.clone()).unwrap();
    let edit = |from: &str, to: &str| vec![Source::new("s0.json", text.replacen(from, to, 1))];
    // A count that no longer divides by N.
    assert_eq!(
        refused(edit("\"6\":", "\"7\":1,\"6\":")),
        "the weighted counts are not a whole census's"
    );
    // Counts that are no census's, and counts past 2^64.
    let huge = edit(
        "{\"0\":",
        "{\"9\":18446744073709551615,\"8\":18446744073709551615,\"0\":",
    );
    assert_eq!(
        refused(huge),
        "the counts cover 12297829382473038470 sets, not the census's 4060: a part is missing or repeated"
    );
    let halves = shards::<stack::Census>(
        |s| stack::CensusRequest {
            shard: Some(s),
            ..stack::CensusRequest::new(3)
        },
        2,
    );
    let max = |d: &Source| {
        let text = String::from_utf8(d.bytes.clone()).unwrap();
        Source::new(
            d.name.clone(),
            text.replacen("{\"0\":", "{\"0\":18446744073709551615,\"99\":", 1),
        )
    };
    assert_eq!(
        refused(vec![max(&halves[0]), max(&halves[1])]),
        "the sets with 0 solutions overflow"
    );
    assert_eq!(
        refused(edit("\"unique_count\":", "\"unique_count\":1")),
        "11458 sets listed with one solution, but the histogram has 1458"
    );
    assert_eq!(
        refused(edit("\"max\":6", "\"maximum\":6")),
        "s0.json: not the partial sums of `stack census`: unknown field `maximum`, expected one of \
         `weighted_histogram`, `unique_count`, `unique`, `max`, `max_count`, `max_sets`"
    );
}

#[test]
fn shards_of_the_censuses_that_run_whole_are_refused() {
    let table2 = target::CensusRequest {
        census: target::CensusKind::Table2,
        shard: Some(Shard::new(0, 2).unwrap()),
        ..target::CensusRequest::default()
    };
    let e = call::<target::Census>(&table2, &Context::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "--shard splits --table1 (by target), --spectrum, --universal and --multiset (by chunk of their \
         sweep); --table2 and --haraguchi take under a second whole"
    );
    let sampled = target::CensusRequest {
        census: target::CensusKind::Spectrum,
        sample: Some(10),
        ..table2
    };
    let e = call::<target::Census>(&sampled, &Context::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "--sample draws random sets beside the spectrum: run it whole, not in shards"
    );
    // A JSON request may hold any shard: checked as the flag is.
    let e = command_json("stack census", r#"{"colours": 3, "shard": {"index": 3, "count": 3}}"#);
    assert_eq!(
        e,
        "--shard 3/3: the shard index must be below the count (0 to 2), not 3"
    );
    let e = command_json("target family", r#"{"colours": 2, "shard": {"index": 0, "count": 0}}"#);
    assert_eq!(e, "--shard 0/0: the shard count must be 1 to 1000000, not 0");
}

/// The error of a JSON call.
fn command_json(name: &str, body: &str) -> String {
    let entry = cubist_api::command::find(name).unwrap();
    let e = entry
        .call_json(body.as_bytes(), &Context::default(), Default::default())
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Input);
    e.to_string()
}
