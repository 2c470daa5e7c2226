//! Create task, patch lead, create and delete stakeholder, and the reads of
//! one record, against the sandbox.

use serde_json::json;
use workdesk_api::{
    AuditStatus, Error, LeadPatch, ListRequest, NewStakeholder, NewTask, Patch, Timestamp,
};

use crate::common::Sandbox;

#[tokio::test]
async fn create_task_returns_the_created_task() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    let start: chrono::DateTime<chrono::Utc> = "2025-03-04T08:30:00Z".parse().unwrap();
    let task = client
        .create_task(&NewTask {
            description: Some("Llamar a Núñez".into()),
            priority: Some(-32768),
            start: Some(Timestamp::from(start)),
            custom_fields: Some(json!({"channel": ["phone"]})),
            ..NewTask::titled("Peña")
        })
        .await
        .unwrap();
    assert_eq!(task.title.as_deref(), Some("Peña"));
    assert_eq!(task.priority, Some(-32768));
    assert_eq!(task.start.unwrap().to_utc(), Some(start));
    assert_eq!(task.custom_fields, Some(json!({"channel": ["phone"]})));
    let member = sandbox.running.ids().member.to_string();
    assert_eq!(task.created_by.as_deref(), Some(member.as_str()));
    let id = task.id.unwrap();
    assert_eq!(
        client.get_task(&id).await.unwrap().title.as_deref(),
        Some("Peña")
    );
    let journal = sandbox.journal().await;
    assert_eq!(journal[0]["method"], "POST");
    assert_eq!(journal[0]["path"], "/task/task/");
    assert_eq!(journal[0]["status"], 201);
    assert_eq!(
        journal[0]["body"],
        json!({"title": "Peña", "description": "Llamar a Núñez", "start": "2025-03-04T08:30:00Z",
               "custom_fields": {"channel": ["phone"]}, "priority": -32768}),
        "only the fields given are sent"
    );
}

#[tokio::test]
async fn a_refused_task_names_the_fields() {
    let sandbox = Sandbox::start().await;
    let err = sandbox
        .client()
        .create_task(&NewTask {
            status: Some("x".repeat(256)),
            ..NewTask::titled("")
        })
        .await
        .unwrap_err();
    let Error::Validation { status, fields, .. } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(*status, 400);
    assert!(
        fields.contains_key("title") && fields.contains_key("status"),
        "{fields:?}"
    );
}

#[tokio::test]
async fn patch_lead_sends_only_the_given_fields_and_null_for_cleared() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    let id = sandbox.running.ids().lead.to_string();
    let before = client.get_lead(&id).await.unwrap();
    let lead = client
        .patch_lead(
            &id,
            &LeadPatch {
                status: Patch::Set("won".into()),
                company: Patch::Clear,
                ..LeadPatch::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(lead.status.as_deref(), Some("won"));
    assert_eq!(lead.company, None);
    assert_eq!(lead.source, before.source, "fields not sent are kept");
    assert_eq!(lead.person, before.person);
    assert_eq!(lead.audit_status, Some(AuditStatus::U));
    let journal = sandbox.journal().await;
    let patch = journal.iter().find(|e| e["method"] == "PATCH").unwrap();
    assert_eq!(patch["body"], json!({"status": "won", "company": null}));
    assert_eq!(patch["path"], format!("/crm/lead/{id}/"));
}

#[tokio::test]
async fn patching_an_unknown_or_malformed_id() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    let err = client
        .patch_lead(
            "7c9e6679-7425-40de-944b-e07fc1f90ae7",
            &LeadPatch::default(),
        )
        .await
        .unwrap_err();
    assert!(matches!(err, Error::NotFound { .. }), "{err:?}");
    let err = client
        .patch_lead("../../account_payable/invoice", &LeadPatch::default())
        .await
        .unwrap_err();
    assert!(matches!(err, Error::InvalidId(_)), "{err:?}");
    assert_eq!(
        sandbox.journal().await.len(),
        1,
        "the malformed id was never sent"
    );
}

#[tokio::test]
async fn create_stakeholder_and_a_duplicate() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    let ids = sandbox.running.ids();
    let new = NewStakeholder {
        document_number: "900123456".into(),
        document_type: ids.document_type.to_string(),
        verification_digit: Some("7".into()),
        geographic_location: ids.geographic_location.to_string(),
    };
    let created = client.create_stakeholder(&new).await.unwrap();
    assert_eq!(created.document_number.as_deref(), Some("900123456"));
    assert!(created.name.as_deref().unwrap().ends_with(" 900123456"));
    let id = created.id.unwrap();
    assert_eq!(
        client
            .get_stakeholder(&id)
            .await
            .unwrap()
            .verification_digit
            .as_deref(),
        Some("7")
    );
    let err = client.create_stakeholder(&new).await.unwrap_err();
    assert!(
        matches!(&err, Error::Validation { fields, .. } if fields.contains_key("non_field_errors")),
        "{err:?}"
    );
}

#[tokio::test]
async fn delete_stakeholder_then_it_is_gone() {
    let sandbox = Sandbox::start().await;
    let client = sandbox.client();
    let id = sandbox.running.ids().stakeholder.to_string();
    let count = client
        .list_stakeholders(&ListRequest::new())
        .await
        .unwrap()
        .count;
    client.delete_stakeholder(&id).await.unwrap();
    let err = client.get_stakeholder(&id).await.unwrap_err();
    assert!(matches!(err, Error::NotFound { .. }), "{err:?}");
    let err = client.delete_stakeholder(&id).await.unwrap_err();
    assert!(matches!(err, Error::NotFound { .. }), "{err:?}");
    assert_eq!(
        client
            .list_stakeholders(&ListRequest::new())
            .await
            .unwrap()
            .count,
        count - 1
    );
}

#[tokio::test]
async fn get_customer_and_another_workspace_s_record() {
    let sandbox = Sandbox::start().await;
    let id = sandbox.running.ids().customer.to_string();
    let customer = sandbox.client().get_customer(&id).await.unwrap();
    assert_eq!(customer.id.as_deref(), Some(id.as_str()));
    assert!(customer.credit_limit.is_some() && customer.name.is_some());
    assert!(customer
        .customer_since
        .as_ref()
        .is_none_or(|d| d.to_date().is_some()));
    let other = sandbox.client_with_key(&sandbox.running.keys().workspace_b);
    let err = other.get_customer(&id).await.unwrap_err();
    assert!(matches!(err, Error::NotFound { .. }), "{err:?}");
}
