// Inline helpers for encoding and muxing (macros Swift cannot import).
#pragma once
