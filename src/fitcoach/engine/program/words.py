"""The program's change lines in the user's language (`languages/data/<code>/program.json`)."""

from __future__ import annotations

from dataclasses import dataclass

from fitcoach.contract.models import ProgramChange
from fitcoach.languages.program import program_name, program_text
from fitcoach.languages.ui import unit_name
from fitcoach.library.models import Exercise


@dataclass(frozen=True)
class Words:
    lang: str = "en"

    def text(self, key: str, **values: object) -> str:
        return program_text(self.lang, key, **values)

    def exercise(self, entry: Exercise) -> str:
        return entry.localized_name(self.lang)

    def area(self, area: str) -> str:
        return program_name(self.lang, "area_names", area)

    def group(self, group: str) -> str:
        return program_name(self.lang, "group_names", group)

    def unit(self, unit: str) -> str:
        return unit_name(self.lang, unit)

    def change(self, kind: str, entry: Exercise | None, text: str) -> ProgramChange:
        return ProgramChange.model_validate(
            {"exercise_id": entry.slug if entry is not None else None, "kind": kind, "text": text[:200]}
        )
