"""Every mapped class, imported so Alembic and the seed see the whole schema."""

from api.access.models import CasbinRule, Menu, Page, SeedMark
from api.activities.models import Activity, ActivityFile, ActivitySchedule, CalendarFeed, LeadContactReminder
from api.approvals.models import (
    ApprovalDecision,
    ApprovalDelegation,
    ApprovalLinkUse,
    ApprovalPipeline,
    ApprovalPipelineSales,
    ApprovalPipelineVersion,
    ApprovalRequest,
    ApprovalTask,
)
from api.assignments.models import Reassignment, ReassignmentLead
from api.audit.models import AuditEntry
from api.auth.oidc.models import OidcIdentity, OidcRoleMapping
from api.auth.second_factor.models import RecoveryCode, SecondFactor
from api.clients.contacts.models import Contact, ContactHistory
from api.clients.models import Client
from api.coa.models import ChartOfAccount
from api.core.db import Base
from api.core.storage.removals import StorageRemoval
from api.dashboard.models import ClosedCategoryRollup, ClosedMonthRollup, OngoingRollup, RollupZone
from api.holidays.models import Holiday
from api.imports.models import ImportJob, ImportMapping, ImportRowOutcome, ImportSourceRow
from api.leads.models import (
    Lead,
    LeadBillingSchedule,
    LeadHistory,
    LeadPayment,
    LeadPic,
    LeadPin,
    LeadProjectId,
    LeadServiceCategory,
    Stage,
)
from api.master_data.models import (
    Affiliate,
    City,
    Country,
    Entity,
    Industry,
    Parameter,
    ProjectRole,
    ProjectType,
    Province,
    ServiceCategory,
    Source,
    SubServiceCategory,
    Unit,
)
from api.monthly_billing.models import BillingStatusChange
from api.notifications.models import Notification, NotificationEvent, NotificationMail, NotificationSetting
from api.pcs.models import (
    PidCounter,
    ProjectCostSheet,
    ProjectCostSheetBilling,
    ProjectCostSheetFile,
    ProjectCostSheetHistory,
    ProjectCostSheetItem,
)
from api.sales_targets.models import SalesTarget, SalesTargetHistory
from api.saved_views.models import SavedView, SavedViewDefault
from api.users.models import Role, User

__all__ = [
    "Activity",
    "ActivityFile",
    "ActivitySchedule",
    "Affiliate",
    "ApprovalDecision",
    "ApprovalDelegation",
    "ApprovalLinkUse",
    "ApprovalPipeline",
    "ApprovalPipelineSales",
    "ApprovalPipelineVersion",
    "ApprovalRequest",
    "ApprovalTask",
    "AuditEntry",
    "Base",
    "BillingStatusChange",
    "CalendarFeed",
    "CasbinRule",
    "ChartOfAccount",
    "City",
    "Client",
    "ClosedCategoryRollup",
    "ClosedMonthRollup",
    "Contact",
    "ContactHistory",
    "Country",
    "Entity",
    "Holiday",
    "ImportJob",
    "ImportMapping",
    "ImportRowOutcome",
    "ImportSourceRow",
    "Industry",
    "Lead",
    "LeadBillingSchedule",
    "LeadContactReminder",
    "LeadHistory",
    "LeadPayment",
    "LeadPic",
    "LeadPin",
    "LeadProjectId",
    "LeadServiceCategory",
    "Menu",
    "Notification",
    "NotificationEvent",
    "NotificationMail",
    "NotificationSetting",
    "OidcIdentity",
    "OidcRoleMapping",
    "OngoingRollup",
    "Page",
    "Parameter",
    "PidCounter",
    "ProjectCostSheet",
    "ProjectCostSheetBilling",
    "ProjectCostSheetFile",
    "ProjectCostSheetHistory",
    "ProjectCostSheetItem",
    "ProjectRole",
    "ProjectType",
    "Province",
    "Reassignment",
    "ReassignmentLead",
    "RecoveryCode",
    "Role",
    "RollupZone",
    "SalesTarget",
    "SalesTargetHistory",
    "SavedView",
    "SavedViewDefault",
    "SecondFactor",
    "SeedMark",
    "ServiceCategory",
    "Source",
    "Stage",
    "StorageRemoval",
    "SubServiceCategory",
    "Unit",
    "User",
]
