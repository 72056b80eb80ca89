//! XMU: conversion / extended-math unit.
pub mod bitops;
pub mod convert;
