"""The adapter tests import their helpers from this folder (``adapter_support``)."""
