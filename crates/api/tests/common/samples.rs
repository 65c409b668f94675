//! A small request for every command of the registry, shared by the
//! registry's tests (tests/it/registry.rs) and the plans' (tests/plans.rs).

use serde_json::{json, Value};

/// McDonnell's set `nu`.
const NU: &str = "order: T D L R F B\n3 1 0 0 2 2\n3 2 2 1 3 0\n3 3 1 1 2 0\n3 0 1 1 3 2\n";

/// The one shard's document of `stack census --colours 2 --cubes 3 --shard
/// 0/1`: three cubes of two colours, every set 0 solutions by pigeonhole
/// (its partial sums are empty).
pub fn pigeonhole_shard() -> String {
    json!({
        "cubist": env!("CARGO_PKG_VERSION"),
        "command": "stack census",
        "shard": {"index": 0, "count": 1},
        "request": {"colours": 2, "cubes": 3, "show": 10, "list": null},
        "partial": {"weighted_histogram": {}, "unique_count": 0, "unique": [], "max": 0, "max_count": 0, "max_sets": []},
    })
    .to_string()
}

/// A small request for every command of the registry, by name.
pub fn sample(name: &str) -> Value {
    let file = |name: &str, text: &str| json!({"name": name, "text": text});
    match name {
        "stack solve" => json!({"set": file("nu.cubes", NU)}),
        "stack check" => json!({"piles": file("p.txt", "r g b y\ng b y r\n")}),
        "stack random" => json!({"cubes": 4, "seed": 1}),
        "stack export" => json!({"set": file("nu.cubes", NU)}),
        "stack census" => json!({"colours": 3}),
        "cubes list" => json!({"colours": 3}),
        "target cubes" => json!({}),
        "target cube" => json!({"cube": "Fb"}),
        "target solve" => json!({"target": "Cb", "cubes": "Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc"}),
        "target census" => json!({"census": "table1", "target": "Cb"}),
        "target family" => json!({"colours": 2}),
        "target extend" => json!({"target": "Cb", "cubes": "Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc", "n": 2}),
        "exact" => json!({"file": file("t.dlx", "a b c\na b\nc\na\nb c\n")}),
        "place cube36" => json!({}),
        "place latin" => json!({"n": 4}),
        "place latin --square" => json!({"square": file("c3.txt", "0 1 2\n1 2 0\n2 0 1\n")}),
        "place officers" => json!({"n": 4}),
        "place officers --mates" => json!({"square": file("c3.txt", "0 1 2\n1 2 0\n2 0 1\n")}),
        "twisty list" => json!({}),
        "twisty analyze" => json!({"puzzle": {"builtin": "2x2x2"}, "order_only": true}),
        "twisty export" => json!({"puzzle": {"builtin": "2x2x2"}, "format": "tws"}),
        "twisty random" => json!({"puzzle": {"builtin": "2x2x2"}, "seed": 1}),
        "twisty apply" => json!({"puzzle": {"builtin": "2x2x2"}, "alg": "R U"}),
        "twisty alg" => json!({"puzzle": {"builtin": "2x2x2"}, "moves": "R U R' U'"}),
        "twisty scramble" => json!({"puzzle": {"builtin": "pyraminx"}, "seed": 1}),
        "twisty god" => json!({"puzzle": {"builtin": "three-coins"}}),
        "twisty solve" => json!({"puzzle": {"builtin": "2x2x2"}, "scramble": "R U", "method": "universal"}),
        "twisty check" => json!({"puzzle": {"builtin": "3x3x3"}, "element": "R U"}),
        "twisty shells" => json!({"n": 3}),
        "merge" => json!({"documents": [file("k2.0.json", &pigeonhole_shard())]}),
        other => panic!("no sample request for {other:?}: add one"),
    }
}
