"""Tests of the Front 1901 engine (rules.front1901)."""
