// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {DepositForwarder, DepositRefund, DepositTerms} from "./DepositForwarder.sol";

/// @title DepositForwarderFactory (Payrail)
/// @notice Derives and creates per-payment DepositForwarders (EIP-1167 clones of one implementation) with
///         CREATE2 and triggers their one payment, one deposit or a batch per transaction, and the refunds
///         their payees sign of what they hold.
///         Permissionless on purpose: whoever calls it, funds can only go where the terms say, so a payer
///         can sweep their own deposit if the platform's relayer never does. Holds no funds and has no owner.
contract DepositForwarderFactory {
    /// @notice The forwarder every deposit address delegates to; created with this factory (its nonce 1).
    address public immutable implementation;

    event Swept(address indexed forwarder, bytes8 indexed paymentReference); // one per payment made

    /// @notice Creates the implementation; its factory (the only caller it answers) is this contract.
    constructor() {
        implementation = address(new DepositForwarder()); // the first contract this factory creates
    }

    /// @notice The deposit address of `terms`: where a payer sends funds, whether or not it exists yet.
    function addressOf(DepositTerms calldata terms) public view returns (address) {
        return Clones.predictDeterministicAddress(implementation, keccak256(abi.encode(terms))); // CREATE2 of the clone; every term is in the salt
    }

    /// @notice Balances of many deposit addresses in one call (the watcher's read): `token`'s, or native when it is 0.
    /// @dev A view: changes nothing; one eth_call instead of one per address.
    function balancesOf(address token, address[] calldata holders) external view returns (uint256[] memory balances) {
        balances = new uint256[](holders.length); // one balance per holder, same order
        for (uint256 i = 0; i < holders.length; ++i) {
            balances[i] = token == address(0) ? holders[i].balance : IERC20(token).balanceOf(holders[i]); // native or token balance
        }
    }

    /// @notice Creates the forwarder of `terms` if needed and makes its payment, in one transaction.
    /// @dev Reverts as a whole (nothing created) when the payment cannot be made, e.g. Underfunded.
    function deployAndSweep(DepositTerms calldata terms) external returns (address forwarder) {
        forwarder = _deployAndSweep(terms); // one payment
    }

    /// @notice deployAndSweep for many deposits in one transaction (the relayer's batch for a block of deposits).
    /// @dev All or nothing: one item that cannot pay reverts the batch, so a gas estimate is the whole batch's
    ///      simulation (no try/catch whose caught out-of-gas would make an estimate too low).
    function deployAndSweepMany(DepositTerms[] calldata terms) external {
        for (uint256 i = 0; i < terms.length; ++i) _deployAndSweep(terms[i]); // each pays once to its own fixed terms
    }

    /// @notice Creates the forwarder of `terms` if needed and executes a refund its payee signed (see DepositForwarder.refund).
    /// @dev Permissionless like the sweep: the signature, checked by the forwarder, is the only authority.
    function deployAndRefund(DepositTerms calldata terms, DepositRefund calldata refund, bytes calldata signature)
        external
        returns (address forwarder)
    {
        forwarder = _deploy(terms); // a deposit never swept (wrong token, short) has no code yet
        DepositForwarder(payable(forwarder)).refund(terms, refund, signature); // checks the payee's signature and the payment's share
    }

    /// @notice The clone of `terms`, created when it has no code yet.
    function _deploy(DepositTerms calldata terms) private returns (address forwarder) {
        bytes32 salt = keccak256(abi.encode(terms)); // every term goes into the salt
        forwarder = Clones.predictDeterministicAddress(implementation, salt); // EIP-1014 address of the clone
        if (forwarder.code.length == 0) Clones.cloneDeterministic(implementation, salt); // lands at `forwarder`
    }

    /// @notice Creates the clone of `terms` when it has no code yet, then makes its one payment.
    function _deployAndSweep(DepositTerms calldata terms) private returns (address forwarder) {
        forwarder = _deploy(terms); // created on first use
        DepositForwarder(payable(forwarder)).sweep(terms); // pays once, to the fixed terms; reverts if done or underfunded
        emit Swept(forwarder, terms.paymentReference); // the relayer's receipt names the forwarder
    }
}
