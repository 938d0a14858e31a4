"""Response models: the success body of every route, named by role (`LogPublic`, `PlanVersionPublic`).

Routes declare them as their return type, so `/openapi.json` describes every body and FastAPI checks
each answer against it. Shapes the contract already defines (`WeeklyPlan`, `DayPlan`, `CoachReply`)
are reused, not copied.
"""
