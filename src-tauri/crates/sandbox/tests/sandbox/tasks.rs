//! `POST /task/task/` in each content type, its validation, and the
//! assumed `GET /task/task/{id}/`.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::common::{call, get, start, Body, Server, TASKS};

async fn create(server: &impl Server, body: Body<'_>) -> crate::common::Answer {
    call(server, Method::POST, TASKS, body).await
}

/// Asserts that `task` is a newly created task of the workspace A key's
/// member and that reading it back by id and in the list gives the same.
async fn assert_created(server: &impl Server, task: &Value) {
    let member = server.ids().member.to_string();
    assert_eq!(task["member"], member);
    assert_eq!(task["created_by"], member);
    assert_eq!(task["updated_at"], Value::Null);
    assert_eq!(task["deleted_at"], Value::Null);
    assert!(task["created_at"].as_str().unwrap().ends_with('Z'));
    assert!(task.get("entity_id").is_none() && task.get("record_id").is_none());
    let id = task["id"].as_str().unwrap();
    let key = server.keys().workspace_a.clone();
    let read = get(server, Some(&key), &format!("{TASKS}{id}/")).await;
    read.assert_ok(StatusCode::OK);
    assert_eq!(read.data(), task);
    let listed = get(server, Some(&key), &format!("{TASKS}?id={id}")).await;
    assert_eq!(listed.results(), &vec![task.clone()]);
}

#[tokio::test]
async fn json_body_with_every_field() {
    let sandbox = start().await;
    let member = sandbox.ids().member.to_string();
    let before = get(&sandbox, Some(&sandbox.keys().workspace_a), TASKS)
        .await
        .count();
    let answer = create(
        &sandbox,
        Body::Json(json!({
            "title": "  Llamar a Inés Peña  ",
            "description": "Confirmar entrega",
            "status": "pending",
            "start": "2025-03-04T12:00:00+02:00",
            "entity_id": "6f1c3b1e-0000-4000-8000-000000000001",
            "record_id": "6F1C3B1E-0000-4000-8000-000000000002",
            "custom_fields": {"canal": "teléfono"},
            "priority": -32768,
            "recurrence_rule": "FREQ=WEEKLY;BYDAY=MO",
            "expiry": "2025-03-10T00:00:00Z",
            "completed_at": null,
            "assigned_to_user": member,
            "children": [{"title": "ignored"}]
        })),
    )
    .await;
    answer.assert_ok(StatusCode::CREATED);
    let task = answer.data();
    assert_eq!(task["title"], "Llamar a Inés Peña");
    assert_eq!(task["start"], "2025-03-04T10:00:00Z");
    assert_eq!(task["priority"], -32768);
    assert_eq!(task["custom_fields"], json!({"canal": "teléfono"}));
    assert_eq!(task["assigned_to_user"], member);
    assert_eq!(task["completed_at"], Value::Null);
    assert_created(&sandbox, task).await;
    let after = get(&sandbox, Some(&sandbox.keys().workspace_a), TASKS)
        .await
        .count();
    assert_eq!(after, before + 1);
    // `custom_fields` (any JSON) can be tested for null, nothing else.
    let key = sandbox.keys().workspace_a.clone();
    let with_fields = get(
        &sandbox,
        Some(&key),
        &format!("{TASKS}?custom_fields__isnull=false"),
    )
    .await;
    assert_eq!(with_fields.ids(), [task["id"].as_str().unwrap()]);
    let without = get(
        &sandbox,
        Some(&key),
        &format!("{TASKS}?custom_fields__isnull=true"),
    )
    .await;
    assert_eq!(without.count(), before);
}

#[tokio::test]
async fn form_body() {
    let sandbox = start().await;
    let answer = create(
        &sandbox,
        Body::Form(&[
            ("title", "Enviar cotización a Óptica Álvarez"),
            ("priority", "32767"),
            ("start", "2025-05-01T09:30:00Z"),
            ("description", ""),
            ("custom_fields", "{\"a\": 1}"),
        ]),
    )
    .await;
    answer.assert_ok(StatusCode::CREATED);
    let task = answer.data();
    assert_eq!(task["title"], "Enviar cotización a Óptica Álvarez");
    assert_eq!(task["priority"], 32767);
    assert_eq!(task["description"], Value::Null);
    assert_eq!(task["custom_fields"], json!({"a": 1}));
    assert_created(&sandbox, task).await;
}

#[tokio::test]
async fn multipart_body() {
    let sandbox = start().await;
    let answer = create(
        &sandbox,
        Body::Multipart(&[("title", "Reunión con Muñoz"), ("status", "in_progress")]),
    )
    .await;
    answer.assert_ok(StatusCode::CREATED);
    assert_eq!(answer.data()["title"], "Reunión con Muñoz");
    assert_eq!(answer.data()["status"], "in_progress");
    assert_eq!(answer.data()["priority"], Value::Null);
    assert_created(&sandbox, answer.data()).await;
}

#[tokio::test]
async fn every_bound_is_checked_at_once() {
    let sandbox = start().await;
    let long = "x".repeat(256);
    let answer = create(
        &sandbox,
        Body::Json(json!({
            "status": long,
            "recurrence_rule": long,
            "priority": 32768,
            "start": "next tuesday",
            "entity_id": "not-a-uuid",
            "assigned_to_user": "6f1c3b1e-0000-4000-8000-000000000001",
        })),
    )
    .await;
    answer.assert_error(StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.data_keys(),
        [
            "assigned_to_user",
            "entity_id",
            "priority",
            "recurrence_rule",
            "start",
            "status",
            "title"
        ]
    );
    assert_eq!(answer.data()["title"], json!(["This field is required."]));
    assert_eq!(
        answer.data()["status"],
        json!(["Ensure this field has no more than 255 characters."])
    );
    assert_eq!(
        answer.data()["priority"],
        json!(["Ensure this value is less than or equal to 32767."])
    );
    assert_eq!(answer.data()["entity_id"], json!(["Must be a valid UUID."]));
    assert!(answer.body["message"].as_str().unwrap().contains("title"));

    for (body, field) in [
        (json!({"title": "ok", "priority": -32769}), "priority"),
        (json!({"title": "ok", "priority": "high"}), "priority"),
        (json!({"title": ""}), "title"),
        (json!({"title": null}), "title"),
        (json!({"title": long}), "title"),
        (json!({"title": true}), "title"),
        (json!({"title": "ok", "priority": 1.5}), "priority"),
    ] {
        let answer = create(&sandbox, Body::Json(body.clone())).await;
        answer.assert_error(StatusCode::BAD_REQUEST);
        assert_eq!(answer.data_keys(), [field], "{body}");
    }
    // 255 characters (not bytes) is still fine.
    let enye = "ñ".repeat(255);
    create(&sandbox, Body::Json(json!({"title": enye})))
        .await
        .assert_ok(StatusCode::CREATED);
    // Nothing invalid was created.
    let key = sandbox.keys().workspace_a.clone();
    let listed = get(
        &sandbox,
        Some(&key),
        &format!("{TASKS}?title__icontains=ok"),
    )
    .await;
    assert_eq!(listed.count(), 0);
}

#[tokio::test]
async fn values_are_coerced_as_drf_does() {
    let sandbox = start().await;
    let answer = create(
        &sandbox,
        Body::Json(json!({
            "title": 2025,
            "status": 1.5,
            "priority": 3.0,
            "start": "2025-03-04 12:00+0200",
            "expiry": "2025-03-10",
        })),
    )
    .await;
    answer.assert_ok(StatusCode::CREATED);
    let task = answer.data();
    assert_eq!(task["title"], "2025");
    assert_eq!(task["status"], "1.5");
    assert_eq!(task["priority"], 3);
    assert_eq!(task["start"], "2025-03-04T10:00:00Z");
    assert_eq!(task["expiry"], "2025-03-10T00:00:00Z");
    assert_created(&sandbox, task).await;

    let answer = create(
        &sandbox,
        Body::Form(&[
            ("title", "x"),
            ("priority", "-7.0"),
            ("completed_at", "2025-03-04t08:00:00+02"),
        ]),
    )
    .await;
    answer.assert_ok(StatusCode::CREATED);
    assert_eq!(answer.data()["priority"], -7);
    assert_eq!(answer.data()["completed_at"], "2025-03-04T06:00:00Z");
}

/// Every value a body accepts for a date-time, the list filters accept, and
/// they mean the same instant.
#[tokio::test]
async fn bodies_and_filters_read_date_times_alike() {
    let sandbox = start().await;
    let key = sandbox.keys().workspace_a.clone();
    let spellings = [
        "2031-01-02T03:04:05Z",
        "2031-01-02t05:04:05+02:00",
        "2031-01-02 05:04:05+0200",
        "2031-01-02T05:04:05.000+02",
        "2031-01-02T03:04:05",
        " 2031-01-02T03:04:05Z ",
    ];
    for (created, text) in spellings.into_iter().enumerate() {
        let title = format!("at {text}");
        let answer = create(&sandbox, Body::Json(json!({"title": title, "start": text}))).await;
        answer.assert_ok(StatusCode::CREATED);
        assert_eq!(answer.data()["start"], "2031-01-02T03:04:05Z", "{text}");
        let encoded: String = url::form_urlencoded::byte_serialize(text.as_bytes()).collect();
        let listed = get(
            &sandbox,
            Some(&key),
            &format!("{TASKS}?start__exact={encoded}&title__startswith=at%20"),
        )
        .await;
        assert_eq!(listed.status, StatusCode::OK, "{text}: {}", listed.body);
        assert_eq!(listed.count(), created as u64 + 1, "{text}");
    }
    for refused in ["2031-01-02T03:04:05+2", "02/01/2031", "2031-01-02T03"] {
        let answer = create(
            &sandbox,
            Body::Json(json!({"title": "x", "start": refused})),
        )
        .await;
        answer.assert_error(StatusCode::BAD_REQUEST);
        let encoded: String = url::form_urlencoded::byte_serialize(refused.as_bytes()).collect();
        get(&sandbox, Some(&key), &format!("{TASKS}?start={encoded}"))
            .await
            .assert_error(StatusCode::BAD_REQUEST);
    }
}

#[tokio::test]
async fn a_task_is_read_only_by_its_workspace() {
    let sandbox = start().await;
    let answer = create(&sandbox, Body::Json(json!({"title": "Privada"}))).await;
    let id = answer.data()["id"].as_str().unwrap().to_owned();
    let other = sandbox.keys().workspace_b.clone();
    get(&sandbox, Some(&other), &format!("{TASKS}{id}/"))
        .await
        .assert_error(StatusCode::NOT_FOUND);
    let key = sandbox.keys().workspace_a.clone();
    get(&sandbox, Some(&key), &format!("{TASKS}not-a-uuid/"))
        .await
        .assert_error(StatusCode::NOT_FOUND);
}
