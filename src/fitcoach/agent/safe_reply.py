"""The last-resort answer when no brain produced a valid, safe change: say so, change nothing."""

from __future__ import annotations

from fitcoach.agent.language import detect_language
from fitcoach.contract.models import CoachReply, Proposal, ProposalType

_CANNOT: dict[str, str] = {
    "en": "I couldn't make that change safely right now, so your plan stays as it is. Try rephrasing it?",
    "fr": (
        "Je n'ai pas pu faire ce changement en toute sécurité, ton plan reste tel quel. Tu peux reformuler ?"
    ),
    "pt": (
        "Não consegui fazer essa mudança com segurança agora, então seu plano continua igual. "
        "Pode reformular?"
    ),
    "ru": (
        "Не получилось безопасно внести это изменение, план остаётся прежним. "
        "Попробуешь сформулировать иначе?"
    ),
    "zh-Hant": "目前無法安全地完成這項調整，你的計畫維持不變。可以換個說法再試一次嗎？",
    "zh-Hans": "目前无法安全地完成这项调整，你的计划保持不变。可以换个说法再试一次吗？",
    "es": (
        "No pude hacer ese cambio de forma segura ahora, así que tu plan sigue igual. ¿Puedes reformularlo?"
    ),
}


def cannot_change_safely(message: str) -> CoachReply:
    text = _CANNOT.get(detect_language(message), _CANNOT["en"])
    return CoachReply(message=text, proposal=Proposal(type=ProposalType.NONE), memory_mutations=[])
