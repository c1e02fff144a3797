"""Helpers of bench/receipts_real.py: the OCR cache, the ground truth, the scoring."""
