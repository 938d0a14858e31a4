"""The program's weekly roll (issue 18): a proposal made by the program names the week it proposes,
unique per user, so the same week is never staged twice.

Revision ID: 0005_program
Revises: 0004_transfer
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_program"
down_revision = "0004_transfer"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("proposals", schema=None) as batch_op:
        batch_op.add_column(sa.Column("roll_week", sa.Date(), nullable=True))
        batch_op.create_unique_constraint("uq_proposals_user_roll_week", ["user_id", "roll_week"])


def downgrade() -> None:
    with op.batch_alter_table("proposals", schema=None) as batch_op:
        batch_op.drop_constraint("uq_proposals_user_roll_week", type_="unique")
        batch_op.drop_column("roll_week")
