//! Every command fed malformed arguments through Tauri's IPC answers, and
//! answers with something typed: its result, a `UiError` (a `kind` and a
//! `code`), or Tauri's own refusal of arguments it cannot read (which the
//! UI's one `call` turns into a typed `internal` error). Never a panic
//! (caught, it would be `internal`), never a hang. A property test over
//! random JSON (wrong types, huge and negative numbers, long and odd
//! strings, nesting, missing and unknown arguments), on the mock runtime
//! with a real sandbox workspace behind it.

// Linux only: each test keeps its app folders apart through XDG_DATA_HOME,
// which Tauri follows on Linux alone. On Windows and macOS the folders are
// the user's own (%APPDATA%, ~/Library), which a test must not fill or
// remove (README.md, "Windows on this machine (every CI run)").
#![cfg(target_os = "linux")]

mod common;

use common::invoke;
use proptest::prelude::*;
use serde_json::{Map, Value};

const SERVICE: &str = "dev.workdesk.test";

/// Every command is fed malformed arguments (the list build.rs generates
/// from the commands themselves, `workdesk_lib::COMMANDS`, with the
/// arguments each takes as the UI sends them) but these: `start_demo`
/// (starts a whole sandbox), `make_available_offline`, `overview_amounts`,
/// `export_list`, `print_rows` and `save_image` (long walks and the
/// system's save dialog), which are tested with well-formed arguments elsewhere;
/// malformed arguments to them are refused by the same Tauri code as any
/// other's.
const LEFT_OUT: &[&str] = &[
    "start_demo",
    "make_available_offline",
    "overview_amounts",
    "export_list",
    "print_rows",
    "save_image",
];

/// The commands fed malformed arguments, with the arguments each takes.
fn commands() -> Vec<(&'static str, &'static [&'static str])> {
    for name in LEFT_OUT {
        assert!(
            workdesk_lib::COMMANDS
                .iter()
                .any(|(command, _)| command == name),
            "{name} is left out but is no command"
        );
    }
    workdesk_lib::COMMANDS
        .iter()
        .copied()
        .filter(|(name, _)| !LEFT_OUT.contains(name))
        .collect()
}

/// Any JSON, weighted towards what breaks readers: wrong types, numbers at
/// and past every bound, odd strings, nesting.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        prop_oneof![
            Just(0i64),
            Just(-1),
            Just(i64::from(u32::MAX) + 1),
            Just(i64::MIN),
            Just(i64::MAX),
            any::<i64>()
        ]
        .prop_map(Value::from),
        prop_oneof![
            Just(1e300),
            Just(-0.0),
            Just(0.5),
            any::<f64>().prop_filter("finite", |f| f.is_finite())
        ]
        .prop_map(Value::from),
        prop_oneof![
            Just(String::new()),
            Just("all".to_owned()),
            Just("supplier_invoice".to_owned()),
            Just("00000000-0000-4000-8000-000000000001".to_owned()),
            Just("service_".to_owned() + &"x".repeat(40)),
            Just("ñ\u{0}\u{202e}\n".to_owned()),
            Just("x".repeat(100_000)),
            "\\PC{0,40}",
        ]
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
            prop::collection::btree_map(
                prop_oneof![
                    Just("page".to_owned()),
                    Just("take".to_owned()),
                    Just("fields".to_owned()),
                    Just("filters".to_owned()),
                    Just("field".to_owned()),
                    Just("operator".to_owned()),
                    Just("values".to_owned()),
                    Just("title".to_owned()),
                    Just("priority".to_owned()),
                    "[a-z_]{1,12}",
                ],
                inner,
                0..6
            )
            .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

/// The arguments that are channels the command answers over: the UI
/// passes each as its id, `"__CHANNEL__:<n>"`.
const CHANNELS: &[&str] = &["answers", "messages"];

/// A value for argument `param`: any JSON; for a channel, mostly an id as
/// the UI passes it (so that the command's other arguments are read too),
/// now and then any JSON.
fn argument(param: &str) -> BoxedStrategy<Value> {
    if CHANNELS.contains(&param) {
        prop_oneof![
            4 => any::<u32>().prop_map(|n| Value::from(format!("__CHANNEL__:{n}"))),
            1 => any_json(),
        ]
        .boxed()
    } else {
        any_json().boxed()
    }
}

/// A command and arguments for it: each of its own arguments present or
/// not, with any value, and now and then one it does not take.
fn call() -> impl Strategy<Value = (&'static str, Value)> {
    let commands = commands();
    (0..commands.len()).prop_flat_map(move |index| {
        let (name, params) = commands[index];
        let values: Vec<_> = params
            .iter()
            .map(|param| prop::option::weighted(0.8, argument(param)))
            .collect();
        let extra = prop::option::weighted(0.2, ("[a-zA-Z]{1,10}", any_json()));
        (values, extra).prop_map(move |(values, extra)| {
            let mut args = Map::new();
            for (param, value) in params.iter().zip(values) {
                if let Some(value) = value {
                    args.insert((*param).to_owned(), value);
                }
            }
            if let Some((key, value)) = extra {
                args.insert(key, value);
            }
            (name, Value::Object(args))
        })
    })
}

#[test]
fn every_command_answers_malformed_arguments_with_something_typed() {
    let on = common::OnSandbox::start("malformed", SERVICE);
    let webview = &on.webview;

    let config = ProptestConfig {
        cases: 384,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    proptest!(config, |((command, args) in call())| {
        match invoke(webview, command, args.clone()) {
            Ok(_) => {}
            Err(Value::String(refusal)) => {
                // Tauri's own: arguments it could not read.
                prop_assert!(
                    refusal.contains("invalid args") || refusal.contains("missing required key"),
                    "{command} {args}: {refusal}"
                );
            }
            Err(error) => {
                let kind = error["kind"].as_str();
                let code = error["code"].as_str();
                prop_assert!(kind.is_some() && code.is_some(), "{command} {args}: {error}");
                prop_assert_ne!(code, Some("internal"), "{} panicked on {}: {}", command, args, error);
            }
        }
    });
    on.finish();
}
