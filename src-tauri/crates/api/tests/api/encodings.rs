//! JSON, form and multipart bodies, as the sandbox's journal saw them.

use serde_json::json;
use workdesk_api::{BodyEncoding, ClientConfig, LeadPatch, NewTask, Patch};

use crate::common::{quick_config, Sandbox};

fn task() -> NewTask {
    NewTask {
        priority: Some(7),
        custom_fields: Some(json!({"k": [1, "dos"]})),
        description: Some("a & b = c".into()),
        ..NewTask::titled("Café Ñapanga")
    }
}

#[tokio::test]
async fn each_encoding_creates_the_same_task() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    for (encoding, content_type) in [
        (BodyEncoding::Json, "application/json"),
        (BodyEncoding::Form, "application/x-www-form-urlencoded"),
        (BodyEncoding::Multipart, "multipart/form-data"),
    ] {
        sandbox.clear_journal().await;
        let created = client
            .with_body_encoding(encoding)
            .create_task(&task())
            .await
            .unwrap();
        assert_eq!(
            created.title.as_deref(),
            Some("Café Ñapanga"),
            "{encoding:?}"
        );
        assert_eq!(created.priority, Some(7), "{encoding:?}");
        assert_eq!(
            created.description.as_deref(),
            Some("a & b = c"),
            "{encoding:?}"
        );
        assert_eq!(
            created.custom_fields,
            Some(json!({"k": [1, "dos"]})),
            "{encoding:?}"
        );
        let journal = sandbox.journal().await;
        let sent = &journal[0];
        assert!(
            sent["content_type"]
                .as_str()
                .unwrap()
                .starts_with(content_type),
            "{encoding:?}: {sent}"
        );
        let expected = if encoding == BodyEncoding::Json {
            json!({"title": "Café Ñapanga", "description": "a & b = c",
                   "custom_fields": {"k": [1, "dos"]}, "priority": 7})
        } else {
            json!({"title": "Café Ñapanga", "description": "a & b = c",
                   "custom_fields": "{\"k\":[1,\"dos\"]}", "priority": "7"})
        };
        assert_eq!(sent["body"], expected, "{encoding:?}");
    }
}

#[tokio::test]
async fn the_encoding_can_be_the_client_s_default() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client_with(ClientConfig {
        body_encoding: BodyEncoding::Form,
        ..quick_config()
    });
    let id = sandbox.running.ids().lead.to_string();
    let lead = client
        .patch_lead(
            &id,
            &LeadPatch {
                source: Patch::Set("web".into()),
                person: Patch::Clear,
                custom_fields: Patch::Set(json!({"score": 3})),
                ..LeadPatch::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(lead.source.as_deref(), Some("web"));
    assert_eq!(
        lead.person, None,
        "an empty form value clears a nullable field"
    );
    assert_eq!(lead.custom_fields, Some(json!({"score": 3})));
    let journal = sandbox.journal().await;
    assert!(journal[0]["content_type"]
        .as_str()
        .unwrap()
        .starts_with("application/x-www-form-urlencoded"));
    assert_eq!(
        journal[0]["body"],
        json!({"source": "web", "person": "", "custom_fields": "{\"score\":3}"})
    );
}
