//! Create task, patch lead, create and delete stakeholder, and the reads of
//! one record, against the sandbox.

use serde_json::json;
use workdesk_api::{
    AuditStatus, CalendarDate, Error, LeadPatch, ListView, NewStakeholder, NewTask, Patch,
    ResourceName, Timestamp,
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
    let read = client.get_record(ResourceName::Task, &id).await.unwrap();
    assert_eq!(read["title"], "Peña");
    assert_eq!(read["id"], id.as_str());
    assert_eq!(read["priority"], -32768);
    assert_eq!(read["custom_fields"], json!({"channel": ["phone"]}));
    let journal = sandbox.journal().await;
    assert_eq!(journal.len(), 2);
    assert_eq!(journal[1]["method"], "GET");
    assert_eq!(journal[1]["path"], "/task/task/");
    assert_eq!(
        journal[1]["query"],
        format!("page=1&take=1&id__exact={id}"),
        "one record is read through its list"
    );
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
async fn a_task_out_of_bounds_names_the_fields_and_is_not_sent() {
    let sandbox = Sandbox::start().await;
    let err = sandbox
        .client()
        .create_task(&NewTask {
            status: Some("x".repeat(256)),
            ..NewTask::titled("")
        })
        .await
        .unwrap_err();
    let Error::InvalidInput(problems) = &err else {
        panic!("{err:?}")
    };
    let codes: Vec<_> = problems
        .reasons()
        .map(|(key, reason)| {
            let code = reason.code().map(|code| code.name.to_string());
            (key.to_owned(), code)
        })
        .collect();
    assert!(
        codes.contains(&("title".to_owned(), Some("required".to_owned())))
            && codes.contains(&("status".to_owned(), Some("too_long".to_owned()))),
        "{codes:?}"
    );
    assert!(sandbox.journal().await.is_empty(), "nothing sent");
    // 255 characters are sent.
    sandbox
        .client()
        .create_task(&NewTask {
            status: Some("x".repeat(255)),
            ..NewTask::titled("Llamar")
        })
        .await
        .unwrap();
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
    let read = client
        .get_record(ResourceName::Stakeholder, &id)
        .await
        .unwrap();
    assert_eq!(read["verification_digit"], "7");
    assert_eq!(read["document_number"], "900123456");
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
    let count = || async {
        client
            .list_view(ResourceName::Stakeholder, &ListView::default())
            .await
            .unwrap()
            .count
    };
    let before = count().await;
    client
        .get_record(ResourceName::Stakeholder, &id)
        .await
        .unwrap();
    client.delete_stakeholder(&id).await.unwrap();
    let err = client
        .get_record(ResourceName::Stakeholder, &id)
        .await
        .unwrap_err();
    assert!(matches!(err, Error::NotFound { .. }), "{err:?}");
    let err = client.delete_stakeholder(&id).await.unwrap_err();
    assert!(matches!(err, Error::NotFound { .. }), "{err:?}");
    assert_eq!(count().await, before - 1);
}

#[tokio::test]
async fn get_record_of_a_customer_and_another_workspace_s_record() {
    let sandbox = Sandbox::start().await;
    let id = sandbox.running.ids().customer.to_string();
    let customer = sandbox
        .client()
        .get_record(ResourceName::Customer, &id.to_uppercase())
        .await
        .unwrap();
    assert_eq!(customer["id"], id.as_str());
    crate::common::decimal(&customer, "credit_limit");
    assert!(customer["name"].is_string(), "{customer:?}");
    let since = &customer["customer_since"];
    assert!(
        since.is_null()
            || since
                .as_str()
                .is_some_and(|d| CalendarDate::from(d.to_owned()).to_date().is_some()),
        "{since}"
    );
    // Every field of the schema is there.
    for field in ResourceName::Customer.schema().fields {
        assert!(customer.contains_key(field.name), "{}", field.name);
    }
    let journal = sandbox.journal().await;
    assert_eq!(journal.len(), 1);
    assert_eq!(
        journal[0]["path"],
        format!("/stakeholder/customer/{id}/"),
        "a customer is read by its own endpoint"
    );
    let other = sandbox.client_with_key(&sandbox.running.keys().workspace_b);
    for resource in [ResourceName::Customer, ResourceName::Stakeholder] {
        let id = match resource {
            ResourceName::Customer => id.clone(),
            _ => sandbox.running.ids().stakeholder.to_string(),
        };
        let err = other.get_record(resource, &id).await.unwrap_err();
        assert!(
            matches!(err, Error::NotFound { .. }),
            "{resource:?}: {err:?}"
        );
    }
}
