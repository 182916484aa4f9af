// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {DepositForwarder, DepositTerms} from "./DepositForwarder.sol";

/// @title DepositForwarderFactory (Payrail)
/// @notice Derives and creates per-payment DepositForwarders with CREATE2 and triggers their one payment.
///         Permissionless on purpose: whoever calls it, funds can only go where the terms say, so a payer
///         can sweep their own deposit if the platform's relayer never does. Holds no funds and has no owner.
contract DepositForwarderFactory {
    /// @notice keccak256 of the forwarder's creation code: with this factory's address it fixes every deposit address.
    bytes32 public constant FORWARDER_INIT_CODE_HASH = keccak256(type(DepositForwarder).creationCode);

    DepositTerms private _pending; // terms of the forwarder under construction; empty otherwise

    event Swept(address indexed forwarder, bytes8 indexed paymentReference); // one per payment made

    /// @notice The terms of the forwarder being created (read by its constructor); zero outside a creation.
    function pendingTerms() external view returns (DepositTerms memory) {
        return _pending; // set by deployAndSweep only around `new`
    }

    /// @notice The deposit address of `terms`: where a payer sends funds, whether or not it exists yet.
    function addressOf(DepositTerms calldata terms) public view returns (address) {
        bytes32 salt = keccak256(abi.encode(terms)); // every term goes into the salt
        bytes32 digest = keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, FORWARDER_INIT_CODE_HASH)); // EIP-1014
        return address(uint160(uint256(digest))); // the low 20 bytes are the address
    }

    /// @notice Creates the forwarder of `terms` if needed and makes its payment, in one transaction.
    function deployAndSweep(DepositTerms calldata terms) external returns (address forwarder) {
        forwarder = addressOf(terms); // where the deposit sits
        if (forwarder.code.length == 0) {
            _pending = terms; // hand the terms to the constructor
            new DepositForwarder{salt: keccak256(abi.encode(terms))}(); // lands at `forwarder` (same salt and code)
            delete _pending; // nothing left over for a later creation
        }
        DepositForwarder(payable(forwarder)).sweep(); // pays once, to the fixed terms; reverts if done or underfunded
        emit Swept(forwarder, terms.paymentReference); // the relayer's receipt names the forwarder
    }
}
